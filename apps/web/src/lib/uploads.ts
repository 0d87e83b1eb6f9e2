import { type Image, UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES, type UploadKind } from '@dostava/shared';
import { client } from './api-client';

/** Checks a chosen file before sending it; returns a catalogue key with params, or null when it is fine. */
export function checkImageFile(file: File): string | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return 'validation.file_type';
  if (file.size > UPLOAD_MAX_BYTES)
    return `validation.file_size|${JSON.stringify({ max: UPLOAD_MAX_BYTES / 1024 / 1024 })}`;
  return null;
}

/**
 * Sends the image as multipart form data. The contract declares no JSON body for it (the API reads the
 * multipart stream itself), so the form is put on the request the typed client built, by a middleware
 * of this call alone; the path and the answer stay typed. A refusal is thrown as an `ApiError`.
 */
export async function uploadImage(file: File, kind: UploadKind = 'public'): Promise<Image> {
  const form = new FormData();
  form.set('file', file);
  const { data } = await client.POST('/api/uploads', {
    params: { query: { kind } },
    middleware: [{ onRequest: ({ request }) => new Request(request, { body: form }) }],
  });
  if (!data) throw new Error('POST /api/uploads answered without a body');
  return data.data;
}
