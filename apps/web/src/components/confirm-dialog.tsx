import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  /** Label of the confirming button; defaults to "Confirm". */
  confirmLabel?: string;
  /** Label of the dismissing button; defaults to "Cancel". */
  cancelLabel?: string;
  /** Red confirming button for destructive actions. */
  destructive?: boolean;
  busy?: boolean;
  /** The action cannot be done (the message says why): only a Close button, no confirming one. */
  refused?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a delete or another irreversible action. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, message, confirmLabel, cancelLabel, destructive, busy, refused, onConfirm, onClose } =
    props;
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus={refused}>
          {cancelLabel ?? (refused ? t('common.close') : t('common.cancel'))}
        </Button>
        {refused ? null : (
          <Button
            onClick={onConfirm}
            loading={busy}
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            autoFocus
          >
            {confirmLabel ?? t('common.confirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
