import { z } from 'zod';
import { msg } from './messages.js';
import { plainInteger, searchText } from './validation.js';

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;

/** A list's sort values: each sortable field, ascending or (`-`) descending. */
export type SortOf<S extends readonly string[]> = S[number] | `-${S[number]}`;
export const sortValues = <const S extends readonly [string, ...string[]]>(sortable: S) =>
  sortable.flatMap((field) => [field, `-${field}`]) as [SortOf<S>, ...SortOf<S>[]];

/** The query every list endpoint takes; `sortable` names the fields it may sort by. */
export function listQuery<const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaultSort: SortOf<S>,
) {
  return z.object({
    page: plainInteger(1, 1_000_000).default(1),
    per_page: plainInteger(1, MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    // zod cannot check a generic default against its generic enum; the signature above does.
    sort: z
      .enum(sortValues(sortable), { error: msg('validation.invalid_choice') })
      .default(defaultSort as never),
    q: searchText().optional(),
  });
}

export interface ListMeta {
  page: number;
  per_page: number;
  total: number;
}
export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}
export interface DataResponse<T> {
  data: T;
}

/** The body of every error answer of the API (also its OpenAPI `Error` schema). */
export const apiErrorSchema = z.object({
  message: z.string().describe('The message in the language of Accept-Language (bs by default)'),
  error: z.string().describe('A stable code, such as validation_failed, unauthorized or not_found'),
  errors: z
    .record(z.string(), z.array(z.string()))
    .optional()
    .describe('Translated messages per field (`field` or `parent.child`) when the input was refused'),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const imageSchema = z.object({ id: z.number().int(), file_url: z.string() });
export type Image = z.infer<typeof imageSchema>;

export const listMetaSchema = z.object({ page: z.number(), per_page: z.number(), total: z.number() });
export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: listMetaSchema });
export const dataResponse = <T extends z.ZodType>(item: T) => z.object({ data: item });
export const messageResponse = z.object({ message: z.string() });
/** A 204 answer in a route's schema: no body (documented as such in OpenAPI). */
export const noContent = (description: string) => z.null().describe(description);
