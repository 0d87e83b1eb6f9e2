import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';

/** A secret shown once (a new API key, a webhook's signing secret): copy it now, it is not shown again. */
export function SecretDialog({
  secret,
  label,
  onClose,
}: {
  secret: string | null;
  label: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={secret !== null} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('integrations.secret_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('integrations.secret_text')}
        </Alert>
        <TextField
          label={label}
          value={secret ?? ''}
          fullWidth
          multiline
          slotProps={{
            htmlInput: { readOnly: true, style: { fontFamily: 'monospace', wordBreak: 'break-all' } },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() =>
            void navigator.clipboard
              ?.writeText(secret ?? '')
              .then(() => toast.success(t('integrations.copied')))
          }
        >
          {t('integrations.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('integrations.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
