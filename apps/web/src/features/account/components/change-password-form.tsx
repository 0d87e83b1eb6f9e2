import { type ChangePasswordBody, changePasswordBody } from '@dostava/shared';
import { Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormActions } from '../../../components/form-actions';
import { PasswordField } from '../../../components/password-field';
import { useApiForm } from '../../../lib/form';
import { useChangePassword } from '../api/account';

const EMPTY: ChangePasswordBody = { current_password: '', new_password: '', confirm_password: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { control, submit, busy, reset } = useApiForm({
    schema: changePasswordBody,
    defaultValues: EMPTY,
    save: change.mutateAsync,
    onSaved: () => {
      reset(EMPTY);
      toast.success(t('account.password_changed'));
    },
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('account.change_password')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('account.password_hint')}
      </Typography>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        spacing={2.5}
        aria-label={t('account.change_password')}
      >
        <PasswordField
          control={control}
          name="current_password"
          label={t('account.current_password')}
          autoComplete="current-password"
          required
        />
        <PasswordField
          control={control}
          name="new_password"
          label={t('account.new_password')}
          autoComplete="new-password"
          required
        />
        <PasswordField
          control={control}
          name="confirm_password"
          label={t('account.confirm_password')}
          autoComplete="new-password"
          required
        />
        <FormActions busy={busy} submitLabel={t('account.change_password')} />
      </Stack>
    </Paper>
  );
}
