import { z } from 'zod';
import { searchText } from './validation.js';

export const SEARCH_KINDS = [
  'order',
  'restaurant',
  'product',
  'category',
  'user',
  'driver',
  'vehicle',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * Text as a search compares it, the same way as the API's search_text() (lib/search.ts): lower case,
 * without accents ("Hadžić" → "hadzic", "Đurđević" → "durdevic"). For the few lists filtered in the
 * browser.
 */
export const foldForSearch = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase();

export const searchQuery = z.object({ q: searchText().min(1) });
export const searchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  /** The back-office route that opens the record. */
  path: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
