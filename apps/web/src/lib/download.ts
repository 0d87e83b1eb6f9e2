import { api, type RequestOptions } from './http';

/** The export formats the API offers beside each other: CSV and a spreadsheet. */
export type ExportFormat = 'csv' | 'xlsx';

/**
 * Fetches a file with the Bearer token (a plain link cannot send it) and saves it under `filename`
 * through an <a download>.
 */
export async function downloadFile(path: string, filename: string, query?: RequestOptions['query']) {
  const blob = await api<Blob>(path, { query, responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
