/** The export formats the API offers beside each other: CSV and a spreadsheet. */
export type ExportFormat = 'csv' | 'xlsx';

/**
 * Saves a file the typed client read (`parseAs: 'blob'`: a plain link cannot send the Bearer token)
 * under `filename`, through an <a download>.
 */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
