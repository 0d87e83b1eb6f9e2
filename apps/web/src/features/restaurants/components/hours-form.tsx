import {
  ALL_DAY,
  type Hours,
  type HoursBody,
  type HoursInput,
  hoursBody,
  isAllDay,
  WEEKDAYS,
} from '@dostava/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import {
  Alert,
  Box,
  Button,
  Divider,
  FormHelperText,
  IconButton,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type Control, type UseFormSetValue, useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormActions } from '../../../components/form-actions';
import { FormDateField } from '../../../components/form-date-field';
import { FormSwitchField } from '../../../components/form-switch-field';
import { FormTextField } from '../../../components/form-text-field';
import { useApiForm } from '../../../lib/form';
import { translateMessage } from '../../../lib/i18n';
import { operationTimeZone } from '../../../lib/time-zone';
import { type Closure, closureText, closureToConfirm } from '../hours-closure';

type Values = HoursInput;

/**
 * A time of day typed as 24-hour 'HH:MM' in both languages, as the app writes times everywhere: the
 * browser's own time input follows the browser's locale instead ("08:00 AM" on a Bosnian screen).
 */
const TIME_INPUT = {
  shrinkLabel: true,
  inputProps: { inputMode: 'numeric', maxLength: 5, autoComplete: 'off', spellCheck: false },
} as const;

function toFormValues(hours: Hours): Values {
  return {
    days: WEEKDAYS.map((weekday) => ({
      weekday,
      ranges: hours.days.find((d) => d.weekday === weekday)?.ranges ?? [],
    })),
    exceptions: hours.exceptions.map((e) => ({ ...e, note: e.note ?? '' })),
  };
}

interface HoursFormProps {
  hours: Hours;
  /** Shown, not editable (a restaurant employee). */
  readOnly?: boolean;
  /** Saves; throws the API error so its field errors can be shown. */
  onSubmit: (body: HoursBody) => Promise<Hours>;
  /** Shown beside the title: whether it takes orders now. */
  status?: ReactNode;
  /** Shown above the week (someone else changed these hours). */
  notice?: ReactNode;
  /** Told whether the form holds unsaved input. */
  onDirty?: (dirty: boolean) => void;
}

/** The weekly opening hours (several ranges a day) and the dated exceptions of a restaurant. */
export function HoursForm({ hours, readOnly, onSubmit, status, notice, onDirty }: HoursFormProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // A save that closes the restaurant today or for more than a day asks first (issue 36).
  const [asking, setAsking] = useState<Closure | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);
  const reply = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = null;
    setAsking(null);
  };
  // The first range on a restaurant without a schedule: the other days were open, and stay so.
  const [keptOpen, setKeptOpen] = useState(false);
  const { control, submit, busy, reset, setValue, formState } = useApiForm({
    schema: hoursBody,
    defaultValues: toFormValues(hours),
    confirm: (body) => {
      const closure = closureToConfirm(body, hours);
      if (!closure) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setAsking(closure);
      });
    },
    save: onSubmit,
    onSaved: (saved) => {
      reset(toFormValues(saved));
      setKeptOpen(false);
      toast.success(t('restaurants.hours.saved'));
    },
  });
  const exceptions = useFieldArray({ control, name: 'exceptions' });
  const { isDirty } = formState;
  useEffect(() => onDirty?.(isDirty), [isDirty, onDirty]);
  // No range on any day is no schedule at all: open around the clock, not closed every day.
  const days = useWatch({ control, name: 'days' });
  const noSchedule = (days ?? []).every((d) => (d?.ranges ?? []).length === 0);
  const addFirstRange = (index: number) => {
    WEEKDAYS.forEach((_, i) => {
      setValue(`days.${i}.ranges`, i === index ? [{ opens: '', closes: '' }] : [{ ...ALL_DAY }], {
        shouldDirty: true,
      });
    });
    setKeptOpen(true);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-labelledby={titleId}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {t('restaurants.hours.title')}
          </Typography>
          {status}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('restaurants.hours.hint', { zone: operationTimeZone() })}
        </Typography>
        {readOnly ? <Alert severity="info">{t('restaurants.hours.read_only')}</Alert> : null}
        {notice}

        <Typography variant="subtitle1" component="h3">
          {t('restaurants.hours.week')}
        </Typography>
        {keptOpen ? <Alert severity="info">{t('restaurants.hours.kept_open')}</Alert> : null}
        <Stack divider={<Divider flexItem />} spacing={1.5}>
          {WEEKDAYS.map((weekday, index) => (
            <DayRanges
              key={weekday}
              control={control}
              index={index}
              weekday={weekday}
              readOnly={readOnly}
              empty={t(noSchedule ? 'restaurants.hours.around_the_clock' : 'restaurants.hours.closed_day')}
              onAddFirst={noSchedule ? () => addFirstRange(index) : undefined}
            />
          ))}
        </Stack>

        <Typography variant="subtitle1" component="h3">
          {t('restaurants.hours.exceptions')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {exceptions.fields.length
            ? t('restaurants.hours.exceptions_hint')
            : t('restaurants.hours.no_exceptions')}
        </Typography>
        <Stack spacing={2}>
          {exceptions.fields.map((field, index) => (
            <ExceptionFields
              key={field.id}
              control={control}
              setValue={setValue}
              index={index}
              readOnly={readOnly}
              onRemove={() => exceptions.remove(index)}
            />
          ))}
        </Stack>
        {readOnly ? null : (
          <Box>
            <Button
              startIcon={<AddOutlined />}
              onClick={() =>
                exceptions.append({
                  date: '',
                  closed: true,
                  ranges: [],
                  note: '',
                })
              }
            >
              {t('restaurants.hours.add_exception')}
            </Button>
          </Box>
        )}
        {readOnly ? null : <FormActions busy={busy} submitLabel={t('restaurants.hours.save')} />}
      </Stack>
      <ConfirmDialog
        open={asking !== null}
        title={t('restaurants.hours.confirm_title')}
        message={asking ? closureText(asking, t) : ''}
        confirmLabel={t('restaurants.hours.confirm_save')}
        destructive
        onConfirm={() => reply(true)}
        onClose={() => reply(false)}
      />
    </Paper>
  );
}

interface RangesProps {
  control: Control<Values, unknown, HoursBody>;
  /** Where the ranges live in the form. */
  name: `days.${number}.ranges` | `exceptions.${number}.ranges`;
  /** The day they belong to, for the buttons' names. */
  dayLabel: string;
  readOnly?: boolean;
  /** What an empty list says ("Closed"), if anything. */
  empty?: string;
  /** Adds the first range of the whole week instead (the other days keep their hours). */
  onAddFirst?: (() => void) | undefined;
}

/** Time ranges, each opens–closes with a remove button, and a button adding one. */
function Ranges({ control, name, dayLabel, readOnly, empty, onAddFirst }: RangesProps) {
  const { t } = useTranslation();
  const ranges = useFieldArray({ control, name });
  const values = useWatch({ control, name }) ?? [];
  return (
    <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
      {ranges.fields.length === 0 && empty ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {empty}
        </Typography>
      ) : null}
      {values.length === 1 && values[0] && isAllDay(values[0]) ? (
        <Typography variant="body2" color="text.secondary">
          {t('restaurants.hours.all_day')}
        </Typography>
      ) : null}
      {ranges.fields.map((field, r) => (
        <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FormTextField
            control={control}
            name={`${name}.${r}.opens`}
            label={t('restaurants.hours.opens')}
            size="small"
            readOnly={readOnly}
            {...TIME_INPUT}
            placeholder={t('restaurants.hours.time_placeholder')}
          />
          <FormTextField
            control={control}
            name={`${name}.${r}.closes`}
            label={t('restaurants.hours.closes')}
            size="small"
            readOnly={readOnly}
            {...TIME_INPUT}
            placeholder={t('restaurants.hours.time_placeholder')}
          />
          {readOnly ? null : (
            <Tooltip title={t('common.delete')}>
              <IconButton
                aria-label={t('restaurants.hours.remove_range', {
                  day: dayLabel,
                  opens: values[r]?.opens ?? '',
                  closes: values[r]?.closes ?? '',
                })}
                onClick={() => ranges.remove(r)}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ))}
      {readOnly ? null : (
        <Box>
          <Button
            size="small"
            startIcon={<AddOutlined />}
            aria-label={t('restaurants.hours.add_range_on', { day: dayLabel })}
            onClick={() => (onAddFirst ? onAddFirst() : ranges.append({ opens: '', closes: '' }))}
          >
            {t('restaurants.hours.add_range')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function DayRanges({
  control,
  index,
  weekday,
  readOnly,
  empty,
  onAddFirst,
}: {
  control: RangesProps['control'];
  index: number;
  weekday: number;
  readOnly?: boolean;
  empty: string;
  onAddFirst?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const day = t(`dashboard.weekdays.${weekday}`);
  return (
    <Stack
      role="group"
      aria-labelledby={labelId}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 2 }}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <Typography id={labelId} sx={{ width: { sm: 120 }, pt: { sm: 1 }, fontWeight: 500, flexShrink: 0 }}>
        {day}
      </Typography>
      <Ranges
        control={control}
        name={`days.${index}.ranges`}
        dayLabel={day}
        readOnly={readOnly}
        empty={empty}
        onAddFirst={onAddFirst}
      />
    </Stack>
  );
}

/** "Give the hours of this day, or mark it closed": an error of the exception's ranges as a whole. */
function RangesError({ control, index }: { control: RangesProps['control']; index: number }) {
  const { errors } = useFormState({ control, name: `exceptions.${index}.ranges` });
  const error = errors.exceptions?.[index]?.ranges;
  const message = error?.message ?? error?.root?.message;
  return message ? <FormHelperText error>{translateMessage(message)}</FormHelperText> : null;
}

function ExceptionFields({
  control,
  setValue,
  index,
  readOnly,
  onRemove,
}: {
  control: RangesProps['control'];
  setValue: UseFormSetValue<Values>;
  index: number;
  readOnly?: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const label = t('restaurants.hours.exception', { n: index + 1 });
  const closed = useWatch({ control, name: `exceptions.${index}.closed` });
  const date = useWatch({ control, name: `exceptions.${index}.date` });
  return (
    <Paper variant="outlined" role="group" aria-labelledby={labelId} sx={{ p: 2, borderRadius: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={labelId} variant="subtitle2" component="h4">
            {label}
          </Typography>
          {readOnly ? null : (
            <Tooltip title={t('common.delete')}>
              <IconButton
                aria-label={t('restaurants.hours.remove_exception', { n: index + 1 })}
                onClick={onRemove}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <FormDateField
            control={control}
            name={`exceptions.${index}.date`}
            required
            label={t('restaurants.hours.date')}
          />
          <FormTextField
            control={control}
            name={`exceptions.${index}.note`}
            label={t('restaurants.hours.note')}
            readOnly={readOnly}
          />
        </Box>
        <FormSwitchField
          control={control}
          name={`exceptions.${index}.closed`}
          kind="checkbox"
          label={t('restaurants.hours.closed_all_day')}
          disabled={readOnly}
          onValueChange={(checked) =>
            // Closed all day keeps no hours; open again starts from one range to fill in.
            setValue(`exceptions.${index}.ranges`, checked ? [] : [{ opens: '', closes: '' }])
          }
        />
        {closed ? null : (
          <>
            <Ranges
              control={control}
              name={`exceptions.${index}.ranges`}
              dayLabel={date || label}
              readOnly={readOnly}
            />
            <RangesError control={control} index={index} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
