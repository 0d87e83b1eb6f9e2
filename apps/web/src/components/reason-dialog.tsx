import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/http';
import { translateMessage } from '../lib/i18n';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Whether the dialog asks for a reason, and whether it must be given. */
  reason: 'required' | 'none';
  destructive?: boolean;
  busy: boolean;
  /** Resolves when done; a rejected 400 shows the API's field error under the reason. */
  onConfirm: (reason: string | undefined) => Promise<unknown>;
  onClose: () => void;
}

/** Confirms an irreversible order action, asking a reason where one must be on record. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, title, message, confirmLabel, cancelLabel, reason, destructive, busy, onConfirm, onClose } =
    props;
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (open) {
      setText('');
      setError(undefined);
    }
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const value = text.trim();
    if (reason === 'required' && !value) {
      setError(t('validation.reason_required'));
      return;
    }
    try {
      await onConfirm(value || undefined);
    } catch (failure) {
      const field = isApiError(failure) ? failure.fieldErrors.reason?.[0] : undefined;
      if (field) setError(translateMessage(field));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { component: 'form', onSubmit: submit } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{message}</DialogContentText>
        {reason === 'required' ? (
          <TextField
            label={t('orders.reason')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (error) setError(undefined);
            }}
            fullWidth
            multiline
            minRows={2}
            margin="normal"
            autoFocus
            error={Boolean(error)}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: 500, 'aria-required': true } }}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          type="submit"
          loading={busy}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          autoFocus={reason === 'none'}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
