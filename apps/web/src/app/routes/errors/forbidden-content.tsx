import LockOutlined from '@mui/icons-material/LockOutlined';
import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../use-document-title';

/** What a role without the right to a page sees in its place (403). */
export function ForbiddenContent() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.forbidden_title'));
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 6, sm: 10 } }}>
      <LockOutlined color="disabled" sx={{ fontSize: 56 }} />
      <Typography variant="overline" color="text.secondary">
        403
      </Typography>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('pages.forbidden_title')}
      </Typography>
      <Typography color="text.secondary">{t('pages.forbidden_text')}</Typography>
      <Button component={Link} to="/" variant="contained">
        {t('pages.go_home')}
      </Button>
    </Stack>
  );
}
