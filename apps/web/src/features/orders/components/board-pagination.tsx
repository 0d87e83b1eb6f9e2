import { TablePagination } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../../lib/list-params';
import { PAGE_SIZES } from '../board/board-query';

/**
 * The board's pages: the lane's (or the search's) total, its own page sizes. While the total is still
 * the previous lane's (`stale`: kept on screen while the new one loads) nothing is offered, or "last
 * page" would lead past the new lane's end; and a page the lane no longer reaches (its orders moved on
 * while the dispatcher looked at its end) becomes the lane's last page.
 */
export function BoardPagination({
  total,
  stale,
  page,
  perPage,
  setParams,
}: {
  total: number;
  stale: boolean;
  page: number;
  perPage: number;
  setParams: (changes: Partial<ListParams>) => void;
}) {
  const { t } = useTranslation();
  const last = Math.max(1, Math.ceil(total / perPage));
  useEffect(() => {
    if (!stale && page > last) setParams({ page: last });
  }, [stale, page, last, setParams]);
  if (stale || page > last) return null;
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
