/**
 * The one CSV writer of every export. A cell a spreadsheet would run as a formula (starting with
 * =, +, -, @, a tab or a carriage return) gets a leading apostrophe, so a restaurant or customer name
 * like `=HYPERLINK(…)` stays text; cells with quotes, commas or line breaks are quoted.
 */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n']/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line (CRLF, as RFC 4180 and spreadsheets expect). */
export const csvRow = (values: readonly unknown[]): string => `${values.map(csvCell).join(',')}\r\n`;
