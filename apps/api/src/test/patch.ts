import { expect } from 'vitest';
import type { TestContext } from './helpers.js';

/**
 * A PATCH changes the fields it names and nothing else: reads the record, patches it, reads it
 * again and compares every other field (updated_at aside, which a write moves on purpose).
 */
export async function expectPatchChangesOnly(
  t: TestContext,
  token: string,
  url: string,
  patch: Record<string, unknown>,
  ignore: string[] = [],
): Promise<Record<string, unknown>> {
  const read = async () => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown>;
  };
  const before = await read();
  const res = await t.request({ method: 'PATCH', url, token, payload: patch });
  expect(res.statusCode, res.body).toBe(200);
  const after = await read();
  const unnamed = (record: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(record).filter(([k]) => !(k in patch) && k !== 'updated_at' && !ignore.includes(k)),
    );
  expect(unnamed(after)).toEqual(unnamed(before));
  return after;
}
