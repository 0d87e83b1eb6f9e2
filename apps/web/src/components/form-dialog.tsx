import {
  Button,
  Dialog,
  DialogContent,
  DialogContentText,
  type DialogProps,
  DialogTitle,
} from '@mui/material';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from './form-actions';

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The save is in flight: the dialog cannot be dismissed and the submit button spins. */
  busy: boolean;
  /** The form's submit handler (`useApiForm`'s `submit`). */
  onSubmit: FormEventHandler;
  title: string;
  /** A sentence under the title, read out with it. */
  description?: string;
  submitLabel: string;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}

/** One way to put a form in a dialog: the paper is the form, Cancel then the submit button. */
export function FormDialog({
  open,
  onClose,
  busy,
  onSubmit,
  title,
  description,
  submitLabel,
  maxWidth = 'sm',
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={description ? textId : undefined}
      maxWidth={maxWidth}
      fullWidth
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {description ? (
          <DialogContentText id={textId} sx={{ mb: 2 }}>
            {description}
          </DialogContentText>
        ) : null}
        {children}
      </DialogContent>
      <FormActions dialog busy={busy} submitLabel={submitLabel}>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </FormActions>
    </Dialog>
  );
}
