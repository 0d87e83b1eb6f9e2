/**
 * The operation's time zone (the API's TZ_OPERATION, read from /api/config): every time the back office
 * shows is in it, as the dashboard's and the breaks' periods are, whatever zone the browser is in.
 * Until the configuration arrives, the server's default stands in.
 */
let operationZone = 'Europe/Sarajevo';

export function setOperationTimeZone(zone: string): void {
  operationZone = zone;
}

export function operationTimeZone(): string {
  return operationZone;
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Whether the browser's clock differs from the operation's right now (a zone name alone can alias). */
export function browserZoneDiffers(at: Date = new Date()): boolean {
  const browser = browserTimeZone();
  if (browser === operationZone) return false;
  const a = zonedParts(at, browser);
  const b = zonedParts(at, operationZone);
  return a.hour !== b.hour || a.minute !== b.minute || a.day !== b.day;
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date and wall-clock time of an instant in a zone (the operation's by default). */
export function zonedParts(date: Date, zone: string = operationZone): ZonedParts {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    partsFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

/** Today in the operation's time zone as 'YYYY-MM-DD' (what date filters and periods count from). */
export function operationToday(now: Date = new Date()): string {
  const p = zonedParts(now);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}
