import { type Role, sortValues, USER_SORTS, type User, type UserListParams } from '@dostava/shared';
import { Avatar, Box, Chip, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useUsers } from '../../../api/users/users';
import { DataTable } from '../../../components/data-table';
import {
  actionsColumn,
  DeleteAction,
  dateTimeColumn,
  EditAction,
  type ListColumn,
} from '../../../components/data-table/columns';
import { useRowDelete } from '../../../components/data-table/use-row-delete';
import { initials } from '../../../lib/format';
import type { ListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { type UserDeleteResult, useDeleteUser } from '../api/users';

export const USER_SORT_VALUES = sortValues(USER_SORTS);

export type UserFilters = Pick<UserListParams, 'role' | 'restaurant_id' | 'is_active'>;

interface UsersTableProps {
  params: ListParams<UserListParams['sort']>;
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
  const remove = useRowDelete<User, UserDeleteResult>({
    mutation: useDeleteUser(),
    title: variant === 'employees' ? t('employees.delete_title') : t('users.delete_title'),
    message: (row) => t('users.delete_confirm', { name: fullName(row) }),
    onDeleted: (result) => {
      // The API says whether the account was deleted or, having a history, deactivated; the
      // employees screen says it of an employee.
      const deleted = result.result === 'deleted';
      if (variant === 'employees')
        (deleted ? toast.success : toast.info)(t(`employees.${deleted ? 'deleted' : 'deactivated_instead'}`));
      else (deleted ? toast.success : toast.info)(result.message);
      return deleted;
    },
    page: { rows: query.data?.data.length, params, setParams },
  });

  const columns = useMemo<ListColumn<User>[]>(() => {
    // App Managers may not change Admin accounts; nobody deletes their own.
    const mayEdit = (row: User) => !(row.role === 'admin' && me.role !== 'admin');
    const mayDelete = (row: User) => mayEdit(row) && row.id !== me.id;
    const editPath = (row: User) =>
      variant === 'employees' ? `/edit-employee/${row.id}` : `/edit-user/${row.id}`;
    const all: (ListColumn<User> | false)[] = [
      {
        field: 'image',
        headerName: t('users.image'),
        width: 60,
        sortable: false,
        card: 'media',
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
        card: 'title',
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
      { field: 'email', headerName: t('users.email'), flex: 1.2, minWidth: 180, card: 'subtitle' },
      variant === 'users' && {
        field: 'role',
        headerName: t('users.role'),
        width: 140,
        valueFormatter: (value: Role) => t(`roles.${value}`),
      },
      variant === 'users' && {
        field: 'restaurant_name',
        headerName: t('users.restaurant'),
        flex: 0.8,
        minWidth: 130,
        sortable: false,
        priority: 2,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'is_active',
        headerName: t('users.status'),
        width: 110,
        sortable: false,
        card: 'status',
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.is_active ? 'success' : 'default'}
            label={row.is_active ? t('users.active') : t('users.inactive')}
          />
        ),
      },
      dateTimeColumn('created_at', t('common.created_at'), i18n.language, {
        width: 150,
        card: false,
        priority: 3,
      }),
      actionsColumn<User>(t('common.actions'), (row) => (
        <>
          {mayEdit(row) ? (
            <EditAction
              to={editPath(row)}
              label={t('common.edit_item', { name: fullName(row) })}
              tooltip={t('common.edit')}
            />
          ) : null}
          {mayDelete(row) ? (
            <DeleteAction
              label={t('common.delete_item', { name: fullName(row) })}
              tooltip={t('common.delete')}
              onClick={() => remove.ask(row)}
            />
          ) : null}
        </>
      )),
    ];
    return all.filter((column): column is ListColumn<User> => column !== false);
  }, [t, i18n.language, me.id, me.role, variant, remove.ask]);

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
      {remove.dialog}
    </>
  );
}
