import { z } from 'zod';
import type { FileAnswer } from './endpoint.js';

/** A spreadsheet's content type, as the exports send it. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file a client downloads, in this content type: the document shows it as text. */
export const fileAnswer = (description: string, type: string): FileAnswer => ({
  description,
  content: { [type]: { schema: z.string() } },
});
