import { TablePagination } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../../lib/list-params';
import { PAGE_SIZES } from '../board/board-query';

/** The board's pages: the lane's (or the search's) total, its own page sizes. */
export function BoardPagination({
  total,
  page,
  perPage,
  setParams,
}: {
  total: number;
  page: number;
  perPage: number;
  setParams: (changes: Partial<ListParams>) => void;
}) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={perPage}
      rowsPerPageOptions={PAGE_SIZES}
      showFirstButton
      showLastButton
      onPageChange={(_event, next) => setParams({ page: next + 1 })}
      onRowsPerPageChange={(event) => setParams({ per_page: Number(event.target.value) })}
      labelRowsPerPage={t('common.rows_per_page')}
      labelDisplayedRows={({ from, to, count }) => t('orders.displayed_rows', { from, to, count })}
      getItemAriaLabel={(type) => t(`orders.page_${type}`)}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
    />
  );
}
