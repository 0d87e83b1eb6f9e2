import type { Category } from '@dostava/shared';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DragIndicator from '@mui/icons-material/DragIndicator';
import {
  Box,
  IconButton,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type DragEvent, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useCategories } from '../../../api/categories/categories';
import { DeleteAction, EditAction } from '../../../components/data-table/columns';
import { useRowDelete } from '../../../components/data-table/use-row-delete';
import { ErrorState } from '../../../components/error-state';
import { useDeleteCategory, useReorderCategories } from '../api/categories';

type Direction = 'up' | 'down';

function moved(list: Category[], from: number, to: number): Category[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item) next.splice(to, 0, item);
  return next;
}

/**
 * The categories in position order. Without a search the order can be changed by dragging a row or,
 * from the keyboard, with each row's up and down buttons; every move saves the whole order.
 */
export function CategoriesTable({ q }: { q: string }) {
  const { t } = useTranslation();
  const query = useCategories(q);
  const reorder = useReorderCategories();
  const remove = useRowDelete<Category>({
    mutation: useDeleteCategory(),
    title: t('categories.delete_title'),
    message: (row) => t('categories.delete_confirm', { name: row.name }),
    // Said before anything is sent: the list knows how many products use the category.
    refusal: (row) =>
      row.products_count > 0 ? t('errors.category_in_use', { count: row.products_count }) : null,
    closeOnError: true,
    onDeleted: () => toast.success(t('categories.deleted')),
  });
  const [dragId, setDragId] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: number; direction: Direction } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const rows = query.data;
  const reorderable = q === '';

  // Keeps the keyboard on the moved row's button (the other one when the row reached an end).
  useLayoutEffect(() => {
    if (!focusAfterMove) return;
    const { id, direction } = focusAfterMove;
    const preferred = document.querySelector<HTMLButtonElement>(`[data-move="${id}:${direction}"]`);
    const other = document.querySelector<HTMLButtonElement>(
      `[data-move="${id}:${direction === 'up' ? 'down' : 'up'}"]`,
    );
    (preferred && !preferred.disabled ? preferred : other)?.focus();
    setFocusAfterMove(null);
  });

  function move(from: number, to: number) {
    if (!rows || from === to || to < 0 || to >= rows.length) return;
    const next = moved(rows, from, to);
    const item = rows[from];
    if (item) setAnnouncement(t('categories.moved', { name: item.name, position: to + 1 }));
    reorder.mutate(next, {
      onSuccess: () => toast.success(t('categories.reordered'), { toastId: 'categories-reordered' }),
    });
  }

  function onDrop(event: DragEvent, index: number) {
    event.preventDefault();
    const from = rows?.findIndex((c) => c.id === dragId) ?? -1;
    setDragId(null);
    setOverIndex(null);
    if (from >= 0) move(from, index);
  }

  if (query.isError && !rows) return <ErrorState onRetry={() => void query.refetch()} />;

  return (
    <>
      <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
        <Table aria-label={t('categories.title')} size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 72 }}>{t('categories.order')}</TableCell>
              <TableCell>{t('categories.name')}</TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' }, width: 110 }}>
                {t('categories.products_count')}
              </TableCell>
              <TableCell align="right" sx={{ width: { xs: 96, sm: 176 } }}>
                {t('common.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody aria-busy={query.isFetching}>
            {!rows
              ? [0, 1, 2, 3, 4].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={4}>
                      <Skeleton height={36} />
                    </TableCell>
                  </TableRow>
                ))
              : null}
            {rows && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={4} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {t('common.not_found')}
                </TableCell>
              </TableRow>
            ) : null}
            {rows?.map((category, index) => (
              <TableRow
                key={category.id}
                hover
                draggable={reorderable}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(category.id));
                  setDragId(category.id);
                }}
                onDragOver={(event) => {
                  if (dragId === null) return;
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  if (overIndex !== index) setOverIndex(index);
                }}
                onDragEnd={() => {
                  setDragId(null);
                  setOverIndex(null);
                }}
                onDrop={(event) => onDrop(event, index)}
                sx={{
                  opacity: dragId === category.id ? 0.5 : 1,
                  boxShadow: (theme) =>
                    overIndex === index && dragId !== category.id
                      ? `inset 0 2px 0 ${theme.palette.primary.main}`
                      : 'none',
                }}
              >
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    {reorderable ? (
                      <DragIndicator
                        fontSize="small"
                        titleAccess={t('categories.drag_handle', { name: category.name })}
                        sx={{ color: 'text.secondary', cursor: 'grab' }}
                      />
                    ) : null}
                    <Typography variant="body2">{category.position}</Typography>
                  </Box>
                </TableCell>
                <TableCell sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {category.name}
                  </Typography>
                  {category.description ? (
                    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {category.description}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {category.products_count}
                </TableCell>
                <TableCell align="right">
                  <Box
                    sx={{
                      display: 'flex',
                      flexWrap: 'wrap',
                      justifyContent: 'flex-end',
                      gap: 0.25,
                      maxWidth: { xs: 72, sm: 'none' },
                      ml: 'auto',
                    }}
                  >
                    {reorderable ? (
                      <>
                        <IconButton
                          size="small"
                          data-move={`${category.id}:up`}
                          aria-label={t('categories.move_up', { name: category.name })}
                          disabled={index === 0}
                          onClick={() => {
                            setFocusAfterMove({ id: category.id, direction: 'up' });
                            move(index, index - 1);
                          }}
                        >
                          <ArrowUpward fontSize="small" />
                        </IconButton>
                        <IconButton
                          size="small"
                          data-move={`${category.id}:down`}
                          aria-label={t('categories.move_down', { name: category.name })}
                          disabled={index === rows.length - 1}
                          onClick={() => {
                            setFocusAfterMove({ id: category.id, direction: 'down' });
                            move(index, index + 1);
                          }}
                        >
                          <ArrowDownward fontSize="small" />
                        </IconButton>
                      </>
                    ) : null}
                    <EditAction
                      to={`/edit-category/${category.id}`}
                      label={t('common.edit_item', { name: category.name })}
                      tooltip={t('common.edit')}
                    />
                    <DeleteAction
                      label={t('common.delete_item', { name: category.name })}
                      tooltip={t('common.delete')}
                      onClick={() => remove.ask(category)}
                    />
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      {remove.dialog}
    </>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
