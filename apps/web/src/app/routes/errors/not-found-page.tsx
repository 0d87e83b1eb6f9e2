import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthShell } from '../../layouts/auth-shell';
import { useDocumentTitle } from '../../use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.not_found_title'));
  return (
    <AuthShell>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
        <Typography variant="h2" component="p" color="primary" sx={{ fontWeight: 700 }}>
          404
        </Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {t('pages.not_found_title')}
        </Typography>
        <Typography color="text.secondary">{t('pages.not_found_text')}</Typography>
        <Button component={Link} to="/" variant="contained">
          {t('pages.go_home')}
        </Button>
      </Stack>
    </AuthShell>
  );
}
