import { can } from '@dostava/shared';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, Button, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RecordPage } from '../../../components/record-page';
import { SettlementRefunds } from '../../../features/incidents/components/settlement-refunds';
import { useSettlement } from '../../../features/settlements/api/settlements';
import { SettlementActions } from '../../../features/settlements/components/settlement-actions';
import {
  SettlementAmounts,
  SettlementApproval,
  SettlementPaymentOrders,
} from '../../../features/settlements/components/settlement-details';
import { SettlementStatusChip } from '../../../features/settlements/components/settlement-status-chip';
import { formatPeriod } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

/** /settlements/{id}: the amounts, approval, payment orders. */
export function SettlementDetailPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const id = Number(useParams().id);
  const query = useSettlement(id);
  const settlement = query.data;
  const title = settlement
    ? t('settlements.details_title', { restaurant: settlement.restaurant.name })
    : t('pages.settlement');
  useDocumentTitle(title);
  const canManage = can(user, 'settlements.manage');
  return (
    <PageContainer maxWidth={1200}>
      <Button component={Link} to="/settlements" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('settlements.back')}
      </Button>
      <RecordPage
        query={query}
        id={id}
        notFoundMessage={t('settlements.not_found')}
        skeleton={
          <>
            <Skeleton variant="text" width={240} height={40} />
            <Skeleton variant="rounded" height={240} />
          </>
        }
      >
        {(settlement) => (
          <>
            <PageHeader
              title={title}
              subtitle={formatPeriod(settlement.from, settlement.to)}
              actions={canManage ? <SettlementActions settlement={settlement} /> : null}
            />
            <Box sx={{ mt: -1.5, mb: 2 }}>
              <SettlementStatusChip status={settlement.status} size="medium" />
            </Box>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
                alignItems: 'start',
              }}
            >
              <Stack spacing={2} sx={{ minWidth: 0 }}>
                <SettlementAmounts settlement={settlement} />
                <SettlementRefunds settlement={settlement} />
              </Stack>
              <Stack spacing={2} sx={{ minWidth: 0 }}>
                <SettlementApproval settlement={settlement} />
                <SettlementPaymentOrders settlement={settlement} canManage={canManage} />
              </Stack>
            </Box>
          </>
        )}
      </RecordPage>
    </PageContainer>
  );
}
