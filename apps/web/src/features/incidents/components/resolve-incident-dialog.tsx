import { INCIDENT_RESOLUTIONS, type IncidentResolveBody, incidentResolveBody } from '@dostava/shared';
import { Alert, Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/form-dialog';
import { FormSelectField } from '../../../components/form-select-field';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { useResolveIncident } from '../api/incidents';

interface ResolveIncidentDialogProps {
  incidentId: number | null;
  /** The resolution chosen beforehand (after a refund: refund). */
  resolution?: IncidentResolveBody['resolution'] | undefined;
  onClose: () => void;
}

/** Closes an incident with its resolution and the reason, as the shared `incidentResolveBody` wants. */
export function ResolveIncidentDialog({ incidentId, resolution, onClose }: ResolveIncidentDialogProps) {
  const { t } = useTranslation();
  const resolve = useResolveIncident();
  const open = incidentId !== null;
  const [refusal, setRefusal] = useState<string | null>(null);
  const empty = () => ({ resolution: resolution ?? '', reason: '' });
  const { control, submit, busy, reset } = useApiForm({
    guard: open,
    schema: incidentResolveBody as never,
    defaultValues: empty(),
    save: (body: IncidentResolveBody) => resolve.mutateAsync({ id: incidentId ?? 0, body }),
    onRefusal: setRefusal,
    onSaved: () => {
      toast.success(t('incidents.resolved'));
      onClose();
    },
  });
  // The form starts again on each opening, with the resolution it was opened for.
  useEffect(() => {
    if (open) {
      reset({ resolution: resolution ?? '', reason: '' });
      setRefusal(null);
    }
  }, [open, resolution, reset]);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={busy}
      onSubmit={submit}
      title={t('incidents.resolve')}
      submitLabel={t('incidents.resolve')}
    >
      <Box sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
        {refusal ? <Alert severity="error">{refusal}</Alert> : null}
        <FormSelectField
          control={control}
          name="resolution"
          required
          label={t('incidents.resolution')}
          placeholder={t('incidents.resolution')}
          options={INCIDENT_RESOLUTIONS.map((r) => ({ value: r, label: t(`incidents.resolutions.${r}`) }))}
        />
        <FormTextField
          control={control}
          name="reason"
          required
          multiline
          minRows={2}
          label={t('incidents.reason')}
        />
      </Box>
    </FormDialog>
  );
}
