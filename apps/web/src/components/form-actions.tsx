import { Box, Button, DialogActions } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormActionsProps {
  /** The save is in flight: the button spins and refuses a second submit. */
  busy: boolean;
  /** The submit button's text; "Save" unless given. */
  submitLabel?: string;
  /** Buttons before it (cancel, back, delete). */
  children?: ReactNode;
  /** The row of a dialog's form: MUI's DialogActions. */
  dialog?: boolean;
}

/** A form's submit row: the secondary actions, then the contained submit button. */
export function FormActions({ busy, submitLabel, children, dialog }: FormActionsProps) {
  const { t } = useTranslation();
  const content = (
    <>
      {children}
      <Button type="submit" variant="contained" loading={busy} disabled={busy}>
        {submitLabel ?? t('common.save')}
      </Button>
    </>
  );
  if (dialog) return <DialogActions>{content}</DialogActions>;
  return <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>{content}</Box>;
}
