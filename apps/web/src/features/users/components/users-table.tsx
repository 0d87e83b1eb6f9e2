import { type Role, USER_SORTS, type User } from '@dostava/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Avatar, Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { useUsers } from '../../../api/users/list-users';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { formatDateTime, initials } from '../../../lib/format';
import type { ListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteUser } from '../api/delete-user';

export const USER_SORT_VALUES = USER_SORTS.flatMap((field) => [field, `-${field}`]);

export interface UserFilters {
  role?: Role;
  restaurant_id?: number;
  is_active?: boolean;
}

interface UsersTableProps {
  params: ListParams;
  setParams: (changes: Partial<ListParams>) => void;
  filters: UserFilters;
  /**
   * 'users': every account, edited at /edit-user/{id}. 'employees': the employees of one restaurant,
   * edited at /edit-employee/{id}, without the role and restaurant columns.
   */
  variant?: 'users' | 'employees';
  label: string;
}

export const fullName = (user: Pick<User, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`.trim();

export function UsersTable({ params, setParams, filters, variant = 'users', label }: UsersTableProps) {
  const { t, i18n } = useTranslation();
  const me = useCurrentUser();
  const query = useUsers({
    page: params.page,
    per_page: params.per_page,
    sort: params.sort,
    q: params.q || undefined,
    ...filters,
  });
  const remove = useDeleteUser();
  const [toDelete, setToDelete] = useState<User | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: dates follow the language.
  const columns = useMemo<GridColDef<User>[]>(() => {
    // App Managers may not change Admin accounts; nobody deletes their own.
    const mayEdit = (row: User) => !(row.role === 'admin' && me.role !== 'admin');
    const mayDelete = (row: User) => mayEdit(row) && row.id !== me.id;
    const editPath = (row: User) =>
      variant === 'employees' ? `/edit-employee/${row.id}` : `/edit-user/${row.id}`;
    const all: (GridColDef<User> | false)[] = [
      {
        field: 'image',
        headerName: t('users.image'),
        width: 60,
        sortable: false,
        // The header keeps its accessible name but shows no text in a column this narrow.
        renderHeader: () => (
          <Box
            component="span"
            sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {t('users.image')}
          </Box>
        ),
        renderCell: ({ row }) => (
          <Stack sx={{ height: '100%', justifyContent: 'center' }}>
            <Avatar
              src={row.image?.file_url}
              alt=""
              sx={{
                width: 36,
                height: 36,
                fontSize: 14,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              }}
            >
              {initials(row.first_name, row.last_name, row.email)}
            </Avatar>
          </Stack>
        ),
      },
      {
        field: 'last_name',
        headerName: t('users.name'),
        flex: 1,
        minWidth: 150,
        valueGetter: (_value, row) => fullName(row),
        renderCell: ({ row }) => (
          <span>
            {fullName(row)}
            {row.id === me.id ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {` (${t('users.you')})`}
              </Typography>
            ) : null}
          </span>
        ),
      },
      { field: 'email', headerName: t('users.email'), flex: 1.2, minWidth: 180 },
      variant === 'users' && {
        field: 'role',
        headerName: t('users.role'),
        width: 160,
        valueFormatter: (value: Role) => t(`roles.${value}`),
      },
      variant === 'users' && {
        field: 'restaurant_name',
        headerName: t('users.restaurant'),
        flex: 0.8,
        minWidth: 130,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'is_active',
        headerName: t('users.status'),
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.is_active ? 'success' : 'default'}
            label={row.is_active ? t('users.active') : t('users.inactive')}
          />
        ),
      },
      {
        field: 'created_at',
        headerName: t('common.created_at'),
        width: 150,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        width: 110,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ height: '100%', alignItems: 'center', justifyContent: 'flex-end' }}
          >
            {mayEdit(row) ? (
              <Tooltip title={t('common.edit')}>
                <IconButton
                  component={Link}
                  to={editPath(row)}
                  aria-label={t('common.edit_item', { name: fullName(row) })}
                  size="small"
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
            {mayDelete(row) ? (
              <Tooltip title={t('common.delete')}>
                <IconButton
                  aria-label={t('common.delete_item', { name: fullName(row) })}
                  size="small"
                  color="error"
                  onClick={() => setToDelete(row)}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
          </Stack>
        ),
      },
    ];
    return all.filter((column): column is GridColDef<User> => column !== false);
  }, [t, i18n.language, me.id, me.role, variant]);

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: (result) => {
        // The API says whether the account was deleted or, having a history, deactivated; the
        // employees screen says it of an employee.
        if (variant === 'employees')
          (result.result === 'deleted' ? toast.success : toast.info)(
            t(`employees.${result.result === 'deleted' ? 'deleted' : 'deactivated_instead'}`),
          );
        else if (result.result === 'deleted') toast.success(result.message);
        else toast.info(result.message);
        setToDelete(null);
        if (result.result === 'deleted' && query.data?.data.length === 1 && params.page > 1)
          setParams({ page: params.page - 1 });
      },
    });
  }

  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={query.data?.data}
        total={query.data?.meta.total}
        loading={query.isFetching && (query.isPlaceholderData || !query.data)}
        error={query.isError}
        onRetry={() => void query.refetch()}
        params={params}
        setParams={setParams}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={variant === 'employees' ? t('employees.delete_title') : t('users.delete_title')}
        message={t('users.delete_confirm', { name: toDelete ? fullName(toDelete) : '' })}
        confirmLabel={t('common.delete')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
