import {
  INCIDENT_RESOLUTIONS,
  type IncidentResolveBody,
  incidentResolveBody,
  REDELIVERY_LIABLE,
} from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { type Resolver, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/form-dialog';
import { FormSelectField } from '../../../components/form-select-field';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { useResolveIncident } from '../api/incidents';

/** An order line the redelivery may name, with the quantity the incident named (the default). */
export interface RedeliveryLine {
  order_item_id: number;
  name: string;
  quantity: number;
  affected: number;
}

interface FormValues {
  resolution: string;
  reason: string;
  /** With redeliver: the quantity of each line to deliver again, as typed. */
  quantities: Record<string, string>;
  liable: string;
}

const bodyResolver = zodResolver(incidentResolveBody);
type FieldErrors = Record<string, { type: string; message: string } | Record<string, unknown> | undefined>;

/** The form as the shared `incidentResolveBody`: a redelivery's lines from the quantities typed. */
function toBody(values: FormValues) {
  if (values.resolution !== 'redeliver') return { resolution: values.resolution, reason: values.reason };
  const lines = Object.entries(values.quantities ?? {})
    .map(([key, quantity]) => ({ order_item_id: Number(key.slice(1)), quantity: (quantity ?? '').trim() }))
    .filter((line) => line.quantity !== '' && line.quantity !== '0');
  return {
    resolution: values.resolution,
    reason: values.reason,
    redelivery: { lines, liable: values.liable || undefined },
  };
}

const resolver: Resolver<FormValues, unknown, IncidentResolveBody> = async (values, context, options) => {
  const body = toBody(values);
  const result = await bodyResolver(body as never, context, options as never);
  const errors = result.errors as FieldErrors;
  const redelivery = errors.redelivery as
    | {
        message?: string;
        liable?: { message: string };
        lines?: Record<string, unknown> & { message?: string };
      }
    | undefined;
  if (redelivery) {
    if (redelivery.liable) errors.liable = { type: 'validate', message: redelivery.liable.message };
    const lines = redelivery.lines as
      | (Record<string, { quantity?: { message: string } }> & { message?: string })
      | undefined;
    const quantities: Record<string, unknown> = {};
    if (lines && 'redelivery' in body && body.redelivery)
      for (const [i, line] of body.redelivery.lines.entries()) {
        const message = lines[i]?.quantity?.message;
        if (message) quantities[`l${line.order_item_id}`] = { type: 'validate', message };
      }
    if (Object.keys(quantities).length) errors.quantities = quantities;
    // "Name something to deliver again" is said under who carries the cost, the last field.
    else if (lines?.message || redelivery.message)
      errors.liable ??= { type: 'validate', message: lines?.message ?? redelivery.message ?? '' };
    delete errors.redelivery;
  }
  return result as Awaited<ReturnType<Resolver<FormValues, unknown, IncidentResolveBody>>>;
};

interface ResolveIncidentDialogProps {
  incidentId: number | null;
  /** The resolution chosen beforehand (after a refund: refund). */
  resolution?: IncidentResolveBody['resolution'] | undefined;
  /** The order's lines, for a redelivery (without them redelivery is not offered). */
  lines?: RedeliveryLine[] | undefined;
  onClose: () => void;
}

/**
 * Closes an incident with its resolution and the reason, as the shared `incidentResolveBody` wants; a
 * redelivery names the lines to deliver again (the incident's by default) and who carries its cost.
 */
export function ResolveIncidentDialog({
  incidentId,
  resolution,
  lines,
  onClose,
}: ResolveIncidentDialogProps) {
  const { t } = useTranslation();
  const resolve = useResolveIncident();
  const open = incidentId !== null;
  const [refusal, setRefusal] = useState<string | null>(null);
  const empty = (): FormValues => ({
    resolution: resolution ?? '',
    reason: '',
    quantities: Object.fromEntries(
      (lines ?? []).filter((l) => l.affected > 0).map((l) => [`l${l.order_item_id}`, String(l.affected)]),
    ),
    liable: '',
  });
  const { control, submit, busy, reset } = useApiForm({
    guard: open,
    resolver,
    defaultValues: empty(),
    save: (body: IncidentResolveBody) => resolve.mutateAsync({ id: incidentId ?? 0, body }),
    onRefusal: setRefusal,
    onSaved: () => {
      toast.success(t('incidents.resolved'));
      onClose();
    },
  });
  // The form starts again on each opening, with the resolution it was opened for. The lines count by
  // their content: a refetch of the order (a live incident event) brings an equal array, which must
  // not wipe what is being typed.
  const linesKey = (lines ?? []).map((l) => `${l.order_item_id}:${l.affected}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: empty() reads the props listed
  useEffect(() => {
    if (open) {
      reset(empty());
      setRefusal(null);
    }
  }, [open, incidentId, resolution, linesKey, reset]);
  const chosen = useWatch({ control, name: 'resolution' });
  const choices = INCIDENT_RESOLUTIONS.filter((r) => r !== 'redeliver' || lines?.length);
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
          options={choices.map((r) => ({ value: r, label: t(`incidents.resolutions.${r}`) }))}
        />
        {chosen === 'redeliver' && lines ? (
          <>
            <Typography variant="subtitle2" component="h3">
              {t('incidents_more.redeliver_lines')}
            </Typography>
            {lines.map((line) => (
              <FormTextField
                key={line.order_item_id}
                control={control}
                name={`quantities.l${line.order_item_id}`}
                label={t('incidents.quantity_of', { name: line.name })}
                helperText={t('incidents.validation.quantity_max', { max: line.quantity })}
                inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
              />
            ))}
            <FormSelectField
              control={control}
              name="liable"
              required
              label={t('incidents_more.redeliver_liable')}
              placeholder={t('incidents_more.redeliver_liable')}
              options={REDELIVERY_LIABLE.map((p) => ({
                value: p,
                label: t(`incidents.refunds.liable_parties.${p}`),
              }))}
            />
          </>
        ) : null}
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
