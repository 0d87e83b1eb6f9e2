import { type SignInBody, signInBody } from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field';
import { PasswordField } from '../../../components/password-field';
import { applyApiErrors } from '../../../lib/form';
import { toasts } from '../../../lib/toast';
import { useSignIn } from '../api/sign-in';

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const { control, handleSubmit, setError } = useForm<SignInBody>({
    resolver: zodResolver(signInBody),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await signIn.mutateAsync(body);
      toasts.success(t('auth.login_successful'));
      onSignedIn();
    } catch (error) {
      applyApiErrors(error, setError, ['email', 'password']);
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={t('auth.sign_in')}>
      <FormTextField
        control={control}
        name="email"
        label={t('auth.email')}
        type="email"
        autoComplete="username"
        autoFocus
        required
      />
      <PasswordField
        control={control}
        name="password"
        label={t('auth.password')}
        autoComplete="current-password"
        required
      />
      <Button type="submit" variant="contained" size="large" loading={signIn.isPending} fullWidth>
        {t('auth.sign_in')}
      </Button>
    </Stack>
  );
}
