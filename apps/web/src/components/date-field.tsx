import { MAX_DATE, MIN_DATE } from '@dostava/shared';
import { datePickerTexts } from '@dostava/shared/i18n/date-picker';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import type { DateValidationError } from '@mui/x-date-pickers/models';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/bs';
import 'dayjs/locale/en-gb';
import { type ReactNode, type Ref, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format';
import { currentLanguage } from '../lib/i18n';

dayjs.extend(customParseFormat);

/**
 * The field's format per language: Bosnian `dd.MM.yyyy.`, English as the app's English (en-GB,
 * `dd/MM/yyyy`). Both are day-first, and both weeks start on Monday, as the periods count them.
 */
const FORMATS = {
  bs: { locale: 'bs', format: 'DD.MM.YYYY.' },
  en: { locale: 'en-gb', format: 'DD/MM/YYYY' },
} as const;

const ISO = 'YYYY-MM-DD';
const toDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, ISO, true).isValid() ? dayjs(value, ISO) : null;

export interface DateFieldProps {
  label: string;
  /** 'YYYY-MM-DD', or '' for none: what the URL filters and the forms keep. */
  value: string;
  /** Called with 'YYYY-MM-DD' once the typed or picked day is whole and valid, '' when cleared. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  /** The earliest and latest day offered ('YYYY-MM-DD'); the schemas' bounds by default. */
  min?: string;
  max?: string;
}

/**
 * The one date input of the app: MUI X's date picker showing the UI language's format (bs
 * `24.11.2026.`, en `24/11/2026`) and following a language change, while the value stays the plain
 * 'YYYY-MM-DD' day the filters and forms use. Its texts are ours (`@dostava/shared/i18n/date-picker`:
 * MUI X has no `bs`), loaded with the field only.
 * The field is a labelled group of day, month and year spin buttons; typing the digits fills it.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  error,
  helperText,
  required,
  fullWidth,
  size,
  min = MIN_DATE,
  max = MAX_DATE,
}: DateFieldProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { locale, format } = FORMATS[language];
  const [invalid, setInvalid] = useState<DateValidationError>(null);
  // The picker's own value: it must get back every date it publishes (else it clears what was typed),
  // including one only half-way to what the user means (year 0202 on the way to 2026). Only a whole day
  // within the bounds reaches `onChange`; a new `value` from outside (a quick range) replaces it. A value
  // this field published itself may come back late (a URL filter is written in a transition), after more
  // keys: that echo is not news and must not put back a day the user is typing over.
  const [day, setDay] = useState<Dayjs | null>(() => toDay(value));
  const [seen, setSeen] = useState(value);
  const [echoes, setEchoes] = useState<string[]>([]);
  if (value !== seen) {
    setSeen(value);
    const echo = echoes.indexOf(value);
    setEchoes(echo < 0 ? [] : echoes.slice(echo + 1));
    if (echo < 0 && (day?.isValid() ? day.format(ISO) : '') !== value) setDay(toDay(value));
  }
  const publish = (next: string) => {
    setEchoes((pending) => [...pending.slice(-9), next]);
    onChange(next);
  };
  const minDay = useMemo(() => dayjs(min, ISO), [min]);
  const maxDay = useMemo(() => dayjs(max, ISO), [max]);

  const localeText = useMemo<Partial<PickersLocaleText>>(() => {
    const text = datePickerTexts[language];
    return {
      previousMonth: text.previous_month,
      nextMonth: text.next_month,
      openPreviousView: text.open_previous_view,
      openNextView: text.open_next_view,
      calendarViewSwitchingButtonAriaLabel: (view) =>
        view === 'year' ? text.year_view_open : text.calendar_view_open,
      cancelButtonLabel: t('common.cancel'),
      clearButtonLabel: text.clear,
      okButtonLabel: text.ok,
      todayButtonLabel: text.today,
      datePickerToolbarTitle: text.choose_date,
      openDatePickerDialogue: (formatted) =>
        formatted ? text.choose_date_selected.replace('{{date}}', formatted) : text.choose_date,
      fieldClearLabel: text.clear,
      dateTableLabel: text.calendar,
      fieldYearPlaceholder: () => text.year_placeholder,
      fieldMonthPlaceholder: () => text.month_placeholder,
      fieldDayPlaceholder: () => text.day_placeholder,
      year: text.year,
      month: text.month,
      day: text.day,
      empty: text.empty,
    };
  }, [t, language]);

  // Said once the year has its four digits, not while it is being typed.
  const bounds =
    (invalid === 'minDate' || invalid === 'maxDate') && day && day.year() >= 1000
      ? t('validation.date_bounds', { min: formatDate(min), max: formatDate(max) })
      : undefined;

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale} localeText={localeText}>
      <DatePicker
        label={label}
        value={day}
        format={format}
        minDate={minDay}
        maxDate={maxDay}
        inputRef={inputRef}
        name={name}
        onError={setInvalid}
        onChange={(next: Dayjs | null) => {
          setDay(next);
          if (next === null) return publish('');
          if (!next.isValid()) return;
          const iso = next.format(ISO);
          if (iso >= MIN_DATE && iso <= MAX_DATE) publish(iso);
        }}
        slotProps={{
          textField: {
            size,
            fullWidth,
            required,
            onBlur,
            // A year still being typed is not an error yet; an impossible day (31.02.) is.
            error: Boolean(error || bounds || invalid === 'invalidDate'),
            helperText: helperText ?? bounds,
          },
        }}
      />
    </LocalizationProvider>
  );
}
