import { type Driver, PLANNED_END_MAX_HOURS, type PlannedEndBody, plannedEndBody } from '@dostava/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button } from '@mui/material';
import { useEffect, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { formatTime } from '../../../lib/format';
import { zonedParts } from '../../../lib/time-zone';
import { useSetPlannedEnd } from '../api/planned-end';

/**
 * The next moment the operation's clock shows `hhmm` ('22:00'): today, or tomorrow when that time has
 * passed. The zone's offset is read at that time of today (a change of clock in between is ignored).
 */
export function nextAtTime(hhmm: string, now = new Date()): Date {
  const [hour = 0, minute = 0] = hhmm.split(':').map(Number);
  const today = zonedParts(now);
  const guess = Date.UTC(today.year, today.month - 1, today.day, hour, minute);
  const seen = zonedParts(new Date(guess));
  const offset = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) - guess;
  let at = guess - offset;
  if (at <= now.getTime()) at += 86_400_000;
  return new Date(at);
}

interface FormValues {
  /** The time of day it ends, 'HH:MM' on the operation's clock. */
  planned_end_at: string;
}

const bodyResolver = zodResolver(plannedEndBody);

/** The time becomes its next moment, which the shared rule checks (within PLANNED_END_MAX_HOURS). */
const resolver: Resolver<FormValues, unknown, PlannedEndBody> = async (values, context, options) => {
  if (!/^\d{2}:\d{2}$/.test(values.planned_end_at))
    return {
      values: {},
      errors: { planned_end_at: { type: 'required', message: 'validation.required' } },
    } as Awaited<ReturnType<Resolver<FormValues, unknown, PlannedEndBody>>>;
  const body = { planned_end_at: nextAtTime(values.planned_end_at).toISOString() };
  return (await bodyResolver(body, context, options as never)) as Awaited<
    ReturnType<Resolver<FormValues, unknown, PlannedEndBody>>
  >;
};

type Planned = Pick<Driver, 'id' | 'first_name' | 'last_name' | 'planned_end_at'>;

/** Staff plan (or clear) when a driver on shift stops: dispatch offers them no pickup past it. */
export function PlanEndDialog({
  driver,
  open,
  onClose,
}: {
  driver: Planned;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = `${driver.first_name} ${driver.last_name}`.trim();
  const save = useSetPlannedEnd();
  const [refusal, setRefusal] = useState<string | null>(null);
  const current = driver.planned_end_at ? formatTime(driver.planned_end_at).slice(-5) : '';
  const { control, submit, busy, reset } = useApiForm({
    guard: open,
    resolver,
    defaultValues: { planned_end_at: current },
    save: (body) => {
      setRefusal(null);
      return save.mutateAsync({ id: driver.id, planned_end_at: body.planned_end_at });
    },
    onSaved: (answer) => {
      toast.success(
        t('drivers.plan_end_saved', { name, time: formatTime(answer.data.planned_end_at ?? undefined) }),
      );
      onClose();
    },
    onRefusal: setRefusal,
  });

  useEffect(() => {
    if (open) {
      reset({ planned_end_at: current });
      setRefusal(null);
    }
  }, [open, reset, current]);

  const clear = () => {
    setRefusal(null);
    save
      .mutateAsync({ id: driver.id, planned_end_at: null })
      .then(() => {
        toast.success(t('drivers.plan_end_cleared', { name }));
        onClose();
      })
      .catch((error: Error) => setRefusal(error.message));
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={busy || save.isPending}
      onSubmit={submit}
      title={t('drivers.plan_end_of', { name })}
      description={t('drivers.plan_end_help', { hours: PLANNED_END_MAX_HOURS })}
      submitLabel={t('common.save')}
      maxWidth="xs"
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {refusal ? <Alert severity="error">{refusal}</Alert> : null}
        <FormTextField
          control={control}
          name="planned_end_at"
          type="time"
          required
          label={t('drivers.plan_end_time')}
          shrinkLabel
        />
        {driver.planned_end_at ? (
          <Button onClick={clear} disabled={busy || save.isPending} sx={{ justifySelf: 'start' }}>
            {t('drivers.plan_end_clear')}
          </Button>
        ) : null}
      </Box>
    </FormDialog>
  );
}
