import {
  type Image,
  INCIDENT_TYPES,
  type IncidentBody,
  incidentBody,
  type OrderRefunds,
} from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/form-dialog';
import { FormSelectField } from '../../../components/form-select-field';
import { FormTextField } from '../../../components/form-text-field';
import { ImageUploadField } from '../../../components/image-upload-field';
import { useApiForm } from '../../../lib/form';
import { useReportIncident } from '../api/incidents';

interface FormValues {
  type: string;
  comment: string;
  /** Quantity affected per order line id, as typed ('' for none). */
  quantities: Record<string, string>;
}

const bodyResolver = zodResolver(incidentBody);

/** The shared `incidentBody` checks what the form gathers: the lines with a quantity, the type, the comment. */
const resolver: Resolver<FormValues, unknown, IncidentBody> = async (values, context, options) => {
  const lines = Object.entries(values.quantities)
    .map(([key, quantity]) => ({ order_item_id: Number(key.slice(1)), quantity: (quantity ?? '').trim() }))
    .filter((line) => line.quantity !== '' && line.quantity !== '0');
  const result = await bodyResolver(
    { type: values.type || undefined, comment: values.comment, lines } as never,
    context,
    options as never,
  );
  const errors = result.errors as Record<string, unknown>;
  if (errors.lines) {
    // A quantity that is not a whole number is said under its own field.
    const byIndex = errors.lines as Record<number, { quantity?: { message: string } } | undefined>;
    errors.quantities = Object.fromEntries(
      lines.flatMap((line, i) => {
        const message = byIndex[i]?.quantity?.message;
        return message ? [[`l${line.order_item_id}`, { type: 'validate', message }]] : [];
      }),
    );
    delete errors.lines;
  }
  return result as Awaited<ReturnType<Resolver<FormValues, unknown, IncidentBody>>>;
};

const empty = (): FormValues => ({ type: '', comment: '', quantities: {} });

interface ReportIncidentDialogProps {
  open: boolean;
  onClose: () => void;
  orderId: number;
  orderNumber: string;
  lines: OrderRefunds['lines'];
}

/** Reports an incident on an order: a type, the affected items and how many, a comment. */
export function ReportIncidentDialog({
  open,
  onClose,
  orderId,
  orderNumber,
  lines,
}: ReportIncidentDialogProps) {
  const { t } = useTranslation();
  const report = useReportIncident(orderId);
  // One photo, uploaded as it is chosen (POST /uploads, private: issue 38); the report names it.
  const [photo, setPhoto] = useState<Image | null>(null);
  const { control, submit, busy, reset } = useApiForm({
    guard: open,
    resolver,
    defaultValues: empty(),
    save: (body: IncidentBody) => report.mutateAsync({ ...body, photo_ids: photo ? [photo.id] : [] }),
    onSaved: () => {
      toast.success(t('incidents.reported'));
      onClose();
    },
  });
  useEffect(() => {
    if (open) {
      reset(empty());
      setPhoto(null);
    }
  }, [open, reset]);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={busy}
      onSubmit={submit}
      title={t('incidents.report_title', { number: orderNumber })}
      submitLabel={t('incidents.report')}
    >
      <Box sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
        <FormSelectField
          control={control}
          name="type"
          required
          label={t('incidents.type')}
          placeholder={t('incidents.type')}
          options={INCIDENT_TYPES.map((type) => ({ value: type, label: t(`incidents.types.${type}`) }))}
        />
        {lines.length ? (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              {t('incidents.lines')}
            </Typography>
            {lines.map((line) => (
              <FormTextField
                key={line.order_item_id}
                control={control}
                name={`quantities.l${line.order_item_id}`}
                label={t('incidents.quantity_of', { name: line.name })}
                helperText={`0–${line.quantity}`}
                inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
              />
            ))}
          </Box>
        ) : null}
        <ImageUploadField
          label={t('incidents.add_photo')}
          value={photo}
          onChange={setPhoto}
          disabled={busy}
          kind="private"
        />
        <FormTextField
          control={control}
          name="comment"
          multiline
          minRows={2}
          label={t('incidents.comment')}
          inputProps={{ maxLength: 2000 }}
        />
      </Box>
    </FormDialog>
  );
}
