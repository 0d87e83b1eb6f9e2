import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { ORDERS_DEFAULT_SORT, useExportOrders } from '../../../features/orders/api/orders';
import {
  ORDER_SORT_VALUES,
  OrderFiltersBar,
  useOrderFilters,
} from '../../../features/orders/components/order-filters';
import { OrdersTable } from '../../../features/orders/components/orders-table';
import { useOrderEvents } from '../../../features/orders/live/use-order-events';
import { useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../use-document-title';

/** /orders: every order (Admin, App Manager), filtered and exported. */
export function OrdersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.all_orders'));
  const { params, setParams } = useListParams({ defaultSort: ORDERS_DEFAULT_SORT, sorts: ORDER_SORT_VALUES });
  const { filters } = useOrderFilters();
  const exporter = useExportOrders();
  useOrderEvents();

  return (
    <PageContainer>
      <PageHeader
        title={t('nav.all_orders')}
        actions={(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            loading={exporter.isPending && exporter.variables?.format === format}
            disabled={exporter.isPending && exporter.variables?.format !== format}
            onClick={() =>
              exporter.mutate({ ...filters, q: params.q || undefined, sort: params.sort, format })
            }
          >
            {t(format === 'csv' ? 'common.export_csv' : 'common.export_xlsx')}
          </Button>
        ))}
      />
      <OrderFiltersBar
        params={params}
        setParams={setParams}
        show={{ restaurant: true, driver: true, zone: true }}
      />
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <OrdersTable
          params={params}
          setParams={setParams}
          filters={filters}
          variant="admin"
          label={t('nav.all_orders')}
        />
      </Box>
    </PageContainer>
  );
}
