import type { AuditEntry } from '@dostava/shared';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import { Box, IconButton, Link, Tooltip, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { dateTimeColumn, type ListColumn } from '../../../components/data-table/columns';
import type { ListParams } from '../../../lib/list-params';
import { type AuditLogParams, useAuditLog } from '../api/audit-log';
import { AuditEntryDialog } from './audit-entry-dialog';
import { actionLabel, entityLabel, subjectLabel } from './labels';

export const AUDIT_SORT_VALUES: AuditLogParams['sort'][] = ['-created_at', 'created_at'];

interface AuditLogTableProps {
  params: ListParams<AuditLogParams['sort']>;
  setParams: (changes: Partial<ListParams>) => void;
  filters: Omit<AuditLogParams, 'page' | 'per_page' | 'sort'>;
  /** The address of the entry's subject when the viewer may open it (the route screen decides). */
  subjectLink?: (entry: AuditEntry) => string | null;
}

export function AuditLogTable({ params, setParams, filters, subjectLink }: AuditLogTableProps) {
  const { t, i18n } = useTranslation();
  const query = useAuditLog({ page: params.page, per_page: params.per_page, sort: params.sort, ...filters });
  const [open, setOpen] = useState<AuditEntry | null>(null);

  const columns = useMemo<ListColumn<AuditEntry>[]>(
    () => [
      {
        field: 'actor',
        headerName: t('audit_log.who'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        card: 'title',
        valueGetter: (_value, row) =>
          row.actor ? `${row.actor.name} (${t(`roles.${row.actor.role}`)})` : t('audit_log.system'),
      },
      {
        field: 'action',
        headerName: t('audit_log.action'),
        width: 160,
        sortable: false,
        card: 'status',
        valueFormatter: (value: string) => actionLabel(t, value),
      },
      {
        field: 'entity',
        headerName: t('audit_log.entity'),
        flex: 0.8,
        minWidth: 170,
        sortable: false,
        valueGetter: (_value, row) => `${entityLabel(t, row.entity)} ${subjectLabel(row)}`,
        renderCell: ({ row }) => {
          const to = subjectLink?.(row);
          const subject = subjectLabel(row);
          return (
            <Box sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
              <Typography component="span" variant="body2" color="text.secondary">
                {entityLabel(t, row.entity)}{' '}
              </Typography>
              {to ? (
                <Link component={RouterLink} to={to} variant="body2">
                  {subject}
                </Link>
              ) : (
                <Typography component="span" variant="body2">
                  {subject}
                </Typography>
              )}
            </Box>
          );
        },
      },
      dateTimeColumn('created_at', t('audit_log.when'), i18n.language, { card: 'subtitle' }),
      {
        field: 'ip',
        headerName: t('audit_log.ip'),
        width: 140,
        sortable: false,
        card: false,
        priority: 3,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'details',
        headerName: t('audit_log.details'),
        width: 90,
        sortable: false,
        card: 'actions',
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Tooltip title={t('audit_log.details')}>
            <IconButton
              size="small"
              aria-label={t('audit_log.show_details', { id: row.id })}
              onClick={() => setOpen(row)}
            >
              <Visibility fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [t, i18n.language, subjectLink],
  );

  return (
    <>
      <DataTable
        label={t('audit_log.list_label')}
        columns={columns}
        rows={query.data?.data}
        total={query.data?.meta.total}
        loading={query.isFetching && (query.isPlaceholderData || !query.data)}
        error={query.isError}
        onRetry={() => void query.refetch()}
        params={params}
        setParams={setParams}
      />
      <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
