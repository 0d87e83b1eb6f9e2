/**
 * A test's record with only the fields its subject reads: the fields given are checked against `T`
 * (a misspelt or mistyped one does not compile), the rest are left out on purpose.
 */
export const partial = <T>(fields: Partial<T>): T => fields as T;
