import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import type { RouteHandle } from '../../route-access';
import { useDocumentTitle } from '../../use-document-title';

/** The shell of a screen that arrives in a later release: its title and a note, never fake data. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const title = t(handle?.title ?? 'app.name');
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 2 }}>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <ConstructionOutlined color="disabled" sx={{ fontSize: 48 }} />
          <Typography color="text.secondary">{t('common.coming_soon')}</Typography>
        </Stack>
      </Paper>
    </>
  );
}
