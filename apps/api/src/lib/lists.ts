/** LIMIT/OFFSET of a page; `per_page` is already capped by the shared list query schema. */
export const pageOf = (query: { page: number; per_page: number }) => ({
  limit: query.per_page,
  offset: (query.page - 1) * query.per_page,
});

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
