import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, Button, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RecordPage } from '../../../components/record-page';
import { useEndShiftRequest } from '../../../features/cash-register/api/cash-register';
import { EndShiftActions } from '../../../features/cash-register/components/end-shift-actions';
import {
  EndShiftCash,
  EndShiftHandling,
  EndShiftOrders,
  EndShiftShift,
} from '../../../features/cash-register/components/end-shift-details';
import { EndShiftStatusChip } from '../../../features/cash-register/components/end-shift-status-chip';
import { useDocumentTitle } from '../../use-document-title';

/** /end-shift/{id}: the shift's cash orders and totals, and the handling of the request. */
export function EndShiftDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useEndShiftRequest(id);
  const request = query.data;
  const title = request
    ? t('cash_register.details_title', { number: request.number })
    : t('pages.end_shift_request');
  useDocumentTitle(title);
  return (
    <PageContainer maxWidth={1200}>
      <Button component={Link} to="/end-shift" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('cash_register.back')}
      </Button>
      <RecordPage
        query={query}
        id={id}
        notFoundMessage={t('cash_register.not_found')}
        skeleton={
          <>
            <Skeleton variant="text" width={240} height={40} />
            <Skeleton variant="rounded" height={240} />
          </>
        }
      >
        {(request) => (
          <>
            <PageHeader title={title} actions={<EndShiftActions request={request} />} />
            <Box sx={{ mt: -1.5, mb: 2 }}>
              <EndShiftStatusChip status={request.status} size="medium" />
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
                <EndShiftCash request={request} />
                <EndShiftOrders request={request} linkOrders />
              </Stack>
              <Stack spacing={2} sx={{ minWidth: 0 }}>
                <EndShiftShift request={request} />
                <EndShiftHandling request={request} />
              </Stack>
            </Box>
          </>
        )}
      </RecordPage>
    </PageContainer>
  );
}
