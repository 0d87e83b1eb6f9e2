import type { User } from '@dostava/shared';
import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../api/users/get-user';
import { useUsers } from '../../../api/users/list-users';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

interface UserOption {
  id: number;
  name: string;
}

const toOption = (user: User): UserOption => ({ id: user.id, name: `${user.first_name} ${user.last_name}` });

/** Picks the acting user by typing a name or email (GET /users?q=); the URL keeps the id. */
export function UserFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(input.trim(), 300);
  const chosen = useUser(value ? Number(value) : 0);
  const selected = value && chosen.data ? toOption(chosen.data) : null;
  const search = selected && q === selected.name ? '' : q;
  const users = useUsers({ page: 1, per_page: 20, sort: 'last_name', q: search || undefined });
  const options = open ? (users.data?.data.map(toOption) ?? []) : selected ? [selected] : [];

  return (
    <Autocomplete<UserOption, false, false, false>
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      onChange={(_event, next) => onChange(next ? String(next.id) : '')}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={options}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      getOptionLabel={(option) => option.name}
      loading={open && users.isFetching}
      noOptionsText={t('audit_log.no_users_found')}
      loadingText={t('common.loading')}
      clearText={t('audit_log.clear_user')}
      openText={t('audit_log.user')}
      closeText={t('common.close')}
      renderInput={(params) => <TextField {...params} label={t('audit_log.user')} />}
    />
  );
}
