import { useTranslation } from 'react-i18next';
import { useUser, useUsers } from '../../../api/users/users';
import { SearchPicker } from '../../../components/pickers/search-picker';

function useUserOptions(q: string, enabled: boolean) {
  const query = useUsers({ page: 1, per_page: 20, sort: 'last_name', q: q || undefined }, { enabled });
  const options = (query.data?.data ?? []).map((u) => ({ id: u.id, name: `${u.first_name} ${u.last_name}` }));
  return { options, loading: query.isFetching };
}

function useUserName(id: number) {
  const user = useUser(id).data;
  return user ? `${user.first_name} ${user.last_name}` : undefined;
}

/** Picks the acting user by typing a name or email (GET /users?q=); the URL keeps the id. */
export function UserFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <SearchPicker
      size="small"
      label={t('audit_log.user')}
      value={value}
      onChange={onChange}
      useOptions={useUserOptions}
      useName={useUserName}
      noOptionsText={t('audit_log.no_users_found')}
      clearText={t('audit_log.clear_user')}
    />
  );
}
