import { type ChangePasswordBody, changePasswordBody } from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PasswordField } from '../../../components/password-field';
import { applyApiErrors } from '../../../lib/form';
import { useChangePassword } from '../api/change-password';

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;
const EMPTY: ChangePasswordBody = { current_password: '', new_password: '', confirm_password: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { control, handleSubmit, setError, formState, reset } = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBody),
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async (body) => {
    try {
      await change.mutateAsync(body);
      reset(EMPTY);
      toast.success(t('account.password_changed'));
    } catch (error) {
      applyApiErrors(error, setError, FIELDS);
    }
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
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            loading={formState.isSubmitting}
            disabled={formState.isSubmitting}
          >
            {t('account.change_password')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
