import { can } from '@dostava/shared';
import { Alert, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import {
  END_SHIFT_SORT_VALUES,
  EndShiftFilters,
  useEndShiftFilters,
} from '../../../features/cash-register/components/end-shift-filters';
import { EndShiftTable } from '../../../features/cash-register/components/end-shift-table';
import { OfficeCashRefunds } from '../../../features/incidents/components/office-cash-refunds';
import { useListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

/** /end-shift: the cash register, the drivers' end-of-shift requests. */
export function EndShiftPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('cash_register.title'));
  const { params, setParams } = useListParams({ defaultSort: '-created_at', sorts: END_SHIFT_SORT_VALUES });
  const { filters } = useEndShiftFilters();

  return (
    <PageContainer>
      <PageHeader title={t('cash_register.title')} />
      {can(user, 'cash.handle') ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('cash_register.read_only')}
        </Alert>
      )}
      <EndShiftFilters />
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <EndShiftTable params={params} setParams={setParams} filters={filters} />
      </Box>
      {can(user, 'incidents.manage') ? <OfficeCashRefunds /> : null}
    </PageContainer>
  );
}
