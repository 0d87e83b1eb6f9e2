/**
 * Validation messages travel as catalogue keys (`validation.required`), optionally followed by
 * `|` and JSON parameters (`validation.max_length|{"max":120}`). The API translates them into the
 * caller's language; the web app translates them with i18next. One message, written once.
 */
export const msg = (key: string, params?: Record<string, string | number>): string =>
  params ? `${key}|${JSON.stringify(params)}` : key;

export function parseMessage(message: string): { key: string; params: Record<string, string | number> } {
  const bar = message.indexOf('|');
  if (bar < 0) return { key: message, params: {} };
  try {
    return { key: message.slice(0, bar), params: JSON.parse(message.slice(bar + 1)) };
  } catch {
    return { key: message.slice(0, bar), params: {} };
  }
}
