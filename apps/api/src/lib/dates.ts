/** Local calendar dates of the operation, as 'YYYY-MM-DD' strings; arithmetic on them is in whole days. */
// Building an Intl.DateTimeFormat loads the zone's rules (about a millisecond here): the dashboard's
// profile spent more time on it than on its own work, so one is kept per zone.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export const localToday = (timeZone: string, now = new Date()) => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
};

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** ISO weekday: 1 Monday … 7 Sunday. */
export const isoWeekday = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as the operation's wall-clock time, 'YYYY-MM-DD HH:mm:ss' (decision 0009: one clock):
 * the form spreadsheets read as a date and time in every locale.
 */
export const localDateTime = (moment: Date, timeZone: string) => {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(timeZone, format);
  }
  const part: Record<string, string> = {};
  for (const p of format.formatToParts(moment)) part[p.type] = p.value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
};
