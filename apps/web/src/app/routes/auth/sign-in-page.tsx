import { Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SignInForm } from '../../../features/auth/components/sign-in-form';
import { takeReturnPath } from '../../../lib/session';
import { loadPage } from '../../../lib/toast';
import { AuthShell } from '../../layouts/auth-shell';
import { useDocumentTitle } from '../../use-document-title';

/** /sign-in, rendered by its own entry (`src/sign-in.tsx`) without the app's router. */
export function SignInPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.sign_in'));
  return (
    <AuthShell>
      <Paper elevation={0} variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {t('auth.sign_in_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          {t('auth.sign_in_subtitle')}
        </Typography>
        <SignInForm onSignedIn={() => loadPage(takeReturnPath())} />
      </Paper>
    </AuthShell>
  );
}
