import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** What a screen shows when its data could not be loaded, with a way to try again. */
export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    >
      {message ?? t('common.load_failed')}
    </Alert>
  );
}
