import type { AuditEntry } from '@dostava/shared';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { actionLabel, entityLabel, subjectLabel } from './labels';

function JsonBox({ title, value }: { title: string; value: unknown }) {
  const { t } = useTranslation();
  const id = useId();
  const empty = value === null || value === undefined;
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        aria-labelledby={id}
        sx={{
          m: 0,
          p: 1.5,
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontSize: 13,
          lineHeight: 1.5,
          overflow: 'auto',
          maxHeight: '55vh',
          whiteSpace: 'pre',
        }}
      >
        {empty ? t('audit_log.nothing') : JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  );
}

/** One log entry: who did what and when, and the record before and after, side by side. */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={entry !== null} onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
      {entry ? (
        <>
          <DialogTitle id={titleId}>
            {t('audit_log.details_title', {
              action: actionLabel(t, entry.action),
              entity: entityLabel(t, entry.entity),
              subject: subjectLabel(entry),
            })}
          </DialogTitle>
          <DialogContent dividers>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {entry.actor
                ? `${entry.actor.name} (${t(`roles.${entry.actor.role}`)})`
                : t('audit_log.system')}{' '}
              · {formatDateTime(entry.created_at)}
              {entry.ip ? ` · ${entry.ip}` : ''}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <JsonBox title={t('audit_log.before')} value={entry.before} />
              <JsonBox title={t('audit_log.after')} value={entry.after} />
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
