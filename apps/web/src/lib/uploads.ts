import { type DataResponse, type Image, UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '@dostava/shared';
import { api } from './http';

/** Checks a chosen file before sending it; returns a catalogue key with params, or null when it is fine. */
export function checkImageFile(file: File): string | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return 'validation.file_type';
  if (file.size > UPLOAD_MAX_BYTES)
    return `validation.file_size|${JSON.stringify({ max: UPLOAD_MAX_BYTES / 1024 / 1024 })}`;
  return null;
}

export async function uploadImage(file: File): Promise<Image> {
  const form = new FormData();
  form.set('file', file);
  const { data } = await api<DataResponse<Image>>('/uploads', { method: 'POST', body: form });
  return data;
}
