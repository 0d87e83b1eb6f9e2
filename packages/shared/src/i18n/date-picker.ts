import type { Language } from './index.js';

/**
 * The date picker's own texts (MUI X ships no Bosnian), kept apart from the main catalogues: only the
 * screens with a date field load them, so the first load of every page stays as it was. Like the
 * catalogues, `bs` must have every key of `en` (the type checks it). "Cancel" is the catalogue's
 * `common.cancel`.
 */
const en = {
  choose_date: 'Choose date',
  choose_date_selected: 'Choose date, selected date is {{date}}',
  previous_month: 'Previous month',
  next_month: 'Next month',
  open_previous_view: 'Open previous view',
  open_next_view: 'Open next view',
  year_view_open: 'Year view is open, switch to calendar view',
  calendar_view_open: 'Calendar view is open, switch to year view',
  clear: 'Clear',
  ok: 'OK',
  today: 'Today',
  calendar: 'Calendar',
  day: 'Day',
  month: 'Month',
  year: 'Year',
  day_placeholder: 'DD',
  month_placeholder: 'MM',
  year_placeholder: 'YYYY',
  empty: 'Empty',
};
export type DatePickerTexts = typeof en;

const bs: DatePickerTexts = {
  choose_date: 'Odaberite datum',
  choose_date_selected: 'Odaberite datum, odabrani datum je {{date}}',
  previous_month: 'Prethodni mjesec',
  next_month: 'Sljedeći mjesec',
  open_previous_view: 'Otvori prethodni prikaz',
  open_next_view: 'Otvori sljedeći prikaz',
  year_view_open: 'Otvoren je prikaz godina, pređi na kalendar',
  calendar_view_open: 'Otvoren je kalendar, pređi na prikaz godina',
  clear: 'Očisti',
  ok: 'U redu',
  today: 'Danas',
  calendar: 'Kalendar',
  day: 'Dan',
  month: 'Mjesec',
  year: 'Godina',
  day_placeholder: 'DD',
  month_placeholder: 'MM',
  year_placeholder: 'GGGG',
  empty: 'Prazno',
};

export const datePickerTexts: Record<Language, DatePickerTexts> = { bs, en };
