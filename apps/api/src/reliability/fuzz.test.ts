import { INTEGRATOR_SCOPES, PERMISSIONS } from '@dostava/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql.js';
import type { RouteAccess } from '../plugins/auth.js';
import { openapiPath } from '../plugins/openapi.js';
import { createTestContext, type TestContext } from '../test/helpers.js';

/**
 * Fuzzing of every route the OpenAPI document describes, with the inputs it declares: never a 500,
 * and a refused (4xx) write never changes anything. The query parameters, path parameters and body
 * fields come from the document the app serves (built from the routes' zod schemas), not from a
 * hand-kept list, so a new route or field is fuzzed the day it is added.
 *
 * 1. A sweep: every query parameter of every route, every path id and every leaf of every body gets
 *    each hostile value (NUL bytes, loosely written numbers, huge and odd numbers, year-0 dates …)
 *    beside valid values for the rest, so the hostile one reaches the handler and the database.
 *    Two rules are exact, not just "no 500": a NUL byte in a query string and an integer spelt any
 *    way but plain decimal digits ('0x10', '1e1', ' 12') are a 400.
 * 2. Random cases (fast-check): whole queries and bodies mixing valid and hostile values.
 */
let t: TestContext;
const tokens: Record<string, string> = {};
const counts = { probes: 0, querySweep: 0, pathSweep: 0, bodySweep: 0, randomReads: 0, randomWrites: 0 };

beforeAll(async () => {
  // Tokens outlive the run: on a loaded machine it passes ten minutes, and signing in again can fail
  // once a fuzzed write has changed that account (renewal stays for a session a write ended).
  t = await createTestContext({ ACCESS_TOKEN_TTL_SECONDS: String(24 * 3600) });
  for (const who of ['admin', 'manager', 'driver', 'customer']) await signIn(who);
  // The driver on shift, so the driver app's routes get past "no shift" to their writes.
  await t.request({ method: 'POST', url: '/api/driver/shift/start', token: tokens.driver });
  // An integrator's key with every scope at every restaurant, for the integration API (issue 40).
  const integrator = await t.request({
    method: 'POST',
    url: '/api/integrators',
    token: tokens.admin,
    payload: { name: 'Fuzz POS', contact_email: 'fuzz@pos.example' },
  });
  const restaurants = await rowsOf<{ id: number }>(t.database.db, sql`select id from restaurants`);
  const key = await t.request({
    method: 'POST',
    url: `/api/integrators/${integrator.json().data.id}/keys`,
    token: tokens.admin,
    payload: {
      name: 'Fuzz',
      scopes: [...INTEGRATOR_SCOPES],
      restaurant_ids: restaurants.map((r) => r.id),
      rate_limit_per_minute: 100_000,
    },
  });
  tokens.integrator = key.json().data.secret;
});
afterAll(() => {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const valid = [...bases.values()].filter((b) => b.valid).length;
  const invalid = [...bases].filter(([, b]) => !b.valid).map(([op]) => `${op.method} ${op.path}`);
  if (invalid.length)
    console.log(
      `fuzz: no example body got past a 400 (validation or the service's own checks) for ${invalid.join(', ')}`,
    );
  console.log(
    `fuzz: ${total} requests tried ${JSON.stringify(counts)}; bodies past validation: ${valid} of ${bases.size}`,
  );
  return t.close();
});

async function signIn(who: string) {
  tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
}

const TABLES = [
  'restaurants',
  'categories',
  'products',
  'users',
  'vehicles',
  'orders',
  'order_items',
  'settlements',
  'driver_meals',
  'end_shift_requests',
  'app_versions',
  'driver_locations',
  'driver_breaks',
  'shifts',
  'incidents',
  'refunds',
  'order_refund_totals',
  'incident_settings',
  'audit_log',
];

/** A fingerprint of the data: row counts and the latest change of every table that has one. */
async function fingerprint(): Promise<string> {
  const rows = await rowsOf<Record<string, unknown>>(
    t.database.db,
    sql.raw(`select ${TABLES.map((table) => `(select count(*) from ${table}) as ${table}`).join(', ')},
      (select max(updated_at) from restaurants) r, (select max(updated_at) from products) p, (select max(updated_at) from users) u,
      (select max(status_changed_at) from orders) o, (select max(updated_at) from categories) c, (select max(updated_at) from drivers) d`),
  );
  return JSON.stringify(rows[0]);
}

/**
 * The next transaction id, read without taking one: it moves only when something wrote (or tried
 * to). While it stands still the data cannot have changed, so the whole fingerprint is taken only
 * after it moved: thousands of refusals cost one cheap query each instead of two full ones.
 */
async function nextXid(): Promise<string> {
  const [row] = await rowsOf<{ x: string }>(
    t.database.db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text x`,
  );
  return String(row?.x);
}
const known = { xid: '', fingerprint: '' };

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

/** Text no field should take into the database as it is. */
const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  'Pite\u0000 sa sirom',
  '%00',
  '\uD800',
  '\u202Eevil',
  'x'.repeat(5000),
  '💥'.repeat(50),
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '__proto__',
  '{{constructor}}',
  '',
  ' ',
  'null',
  '[]',
];
/** Numbers written every way but plainly, and numbers past every column. */
const LOOSE_INTEGERS = [
  '0x10',
  '0X10',
  '1e1',
  '0b11',
  '0o20',
  ' 12',
  '12 ',
  '+12',
  '12.0',
  '012',
  '١٢',
  '1_000',
];
const HOSTILE_NUMBER_TEXT = [
  ...LOOSE_INTEGERS,
  '-1',
  '0',
  '-0',
  '1.5',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '2147483648',
  '9007199254740993',
  '9'.repeat(400),
];
/** Dates PostgreSQL or JavaScript cannot hold, and dates that do not exist. */
const HOSTILE_DATES = [
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01',
  '0001-01-01T00:00:00+01:00',
  '1969-12-31T23:59:59Z',
  '9999-12-31',
  '9999-12-31T23:59:59Z',
  '+020000-01-01',
  '-000001-01-01',
  '2026-02-30',
  '2026-13-01',
  '2026-03-01T25:00:00Z',
  '2026-03-01T10:00:00+14:01',
];
const HOSTILE_STRINGS = [...HOSTILE_TEXT, ...HOSTILE_NUMBER_TEXT, ...HOSTILE_DATES];
/** JSON values for body fields: the strings above and what only JSON can say. */
const HOSTILE_JSON: unknown[] = [
  ...HOSTILE_STRINGS,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  -0,
  -1,
  0,
  1.5,
  0.1,
  5e-324,
  null,
  true,
  [],
  {},
  [null],
  { __proto__: 1 },
  { a: '\u0000' },
];

// ---------------------------------------------------------------------------------------------
// The routes and their inputs, from the OpenAPI document
// ---------------------------------------------------------------------------------------------

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  /** The path as the document spells it, `/api/products/{id}`. */
  path: string;
  route: RouteAccess;
  query: Parameter[];
  pathParams: Parameter[];
  body: JsonSchema | undefined;
}

let doc: { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>> } & {
  components?: { schemas?: Record<string, JsonSchema> };
};

function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = doc.components?.schemas?.[name];
  if (!target) throw new Error(`unresolved ${schema.$ref}`);
  return resolve(target);
}

/** Routes the fuzzer leaves out: the live stream never ends, and signing out would end its sessions. */
const SKIPPED = (path: string) =>
  path === '/api/events' || path.includes('logout') || path.includes('sessions');

async function operations(): Promise<Operation[]> {
  doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
  const routes = new Map(t.app.routeTable.map((r) => [`${r.method} ${openapiPath(r.url)}`, r]));
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const route = routes.get(`${method.toUpperCase()} ${path}`);
      if (!route) throw new Error(`${method} ${path} is documented but not routed`);
      const params = (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) }));
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        route,
        query: params.filter((p) => p.in === 'query'),
        pathParams: params.filter((p) => p.in === 'path'),
        body: content?.['application/json'] ? resolve(content['application/json'].schema) : undefined,
      });
    }
  }
  // A route the document leaves out is still fuzzed, with what any route may be sent.
  const documented = new Set(ops.map((op) => `${op.method} ${op.path}`));
  for (const [key, route] of routes) {
    if (documented.has(key)) continue;
    ops.push({
      method: route.method,
      path: openapiPath(route.url),
      route,
      query: [],
      pathParams: [],
      body: undefined,
    });
  }
  return ops;
}

// ---------------------------------------------------------------------------------------------
// Valid values for a schema (so that a hostile value beside them reaches the handler)
// ---------------------------------------------------------------------------------------------

const recentInstant = fc
  .integer({ min: 60_000, max: 86_400_000 })
  .map((ago) => new Date(Date.now() - ago).toISOString());
const dayIn2026 = fc
  .integer({ min: 0, max: 300 })
  .map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10));

/**
 * Valid values the JSON schema cannot describe, by field name: a checksum, a policy of several
 * rules, an e-mail behind a pipe. (The current password is a wrong one: the fuzzer must not change it.)
 */
const HINTS: Record<string, fc.Arbitrary<unknown>> = {
  email: fc.integer({ min: 1, max: 1e9 }).map((n) => `fuzz.${n}@example.ba`),
  password: fc.constant('Zu7#mostarBridge'),
  new_password: fc.constant('Zu7#mostarBridge'),
  confirm_password: fc.constant('Zu7#mostarBridge'),
  current_password: fc.constant('Wrong!Pass1'),
  iban: fc.constant('BA391290079401028494'),
  web_address: fc.constant('https://example.ba'),
};

function validOf(input: JsonSchema, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const hint = HINTS[name];
  if (hint) return hint;
  const schema = resolve(input);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((s) => validOf(s, depth)));
  if (schema.allOf?.[0]) return validOf(schema.allOf[0], depth);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const types = [schema.type ?? 'string'].flat();
  const type = types.find((x) => x !== 'null') ?? 'null';
  if (type === 'null') return fc.constant(null);
  switch (type) {
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const lo = Math.max(schema.minimum ?? -1000, -(2 ** 31)) + (schema.exclusiveMinimum === true ? 1 : 0);
      const hi = Math.min(schema.maximum ?? 100_000, 2 ** 31 - 1);
      // Small values name rows that exist (ids) and fit amounts.
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: lo, max: Math.min(hi, Math.max(lo, 1) + 30) }) },
        { weight: 1, arbitrary: fc.integer({ min: lo, max: hi }) },
      );
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1000,
        max: schema.maximum ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'array': {
      const min = Math.max(schema.minItems ?? 0, 1);
      return fc.array(depth > 3 ? fc.constant(null) : validOf(schema.items ?? {}, depth + 1), {
        minLength: min,
        maxLength: Math.min(schema.maxItems ?? 3, min + 2),
      });
    }
    case 'object': {
      const props = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(props).map(([k, s]) => [k, validOf(s, depth + 1, k)])),
        {
          requiredKeys: (schema.required ?? []).filter((k) => k in props),
        },
      );
    }
    default: {
      if (schema.format === 'date') return dayIn2026;
      if (schema.format === 'date-time') return recentInstant;
      if (schema.format === 'email')
        return fc.integer({ min: 1, max: 1e9 }).map((n) => `fuzz.${n}@example.ba`);
      if (schema.format === 'uri') return fc.constant('https://example.ba/fuzz');
      const max = Math.min(schema.maxLength ?? 40, 40);
      const min = Math.max(schema.minLength ?? 1, 1);
      const bounded = (s: string) =>
        s.length >= min && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(bounded);
      return fc.oneof(
        fc.constantFrom('Fuzz', 'Pita sa sirom', 'Ćevapi 10', 'Zu7#mostarBridge').filter(bounded),
        fc.string({ minLength: min, maxLength: Math.max(min, max) }),
      );
    }
  }
}

/** One valid example, the same on every run. */
const exampleOf = <T>(arbitrary: fc.Arbitrary<T>, seed: number): T =>
  fc.sample(arbitrary, { seed, numRuns: 1 })[0] as T;

/** Every leaf of a body schema, as a path (`items.0.quantity`); arrays through their first item. */
function leavesOf(input: JsonSchema, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  const schema = resolve(input);
  const choices = schema.anyOf ?? schema.oneOf;
  const object = choices?.map(resolve).find((s) => s.type === 'object' || s.type === 'array') ?? schema;
  if (depth > 4) return [prefix];
  if (object.type === 'object' && object.properties) {
    return Object.entries(object.properties).flatMap(([k, s]) => leavesOf(s, [...prefix, k], depth + 1));
  }
  if (object.type === 'array' && object.items)
    return [prefix, ...leavesOf(object.items, [...prefix, 0], depth + 1)];
  return [prefix];
}

function withValueAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) node[key] = value;
    else {
      const next = node[key];
      if (next === null || typeof next !== 'object') node[key] = typeof path[i + 1] === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
  }
  return copy;
}

const isIntegerSchema = (schema: JsonSchema) => [resolve(schema).type].flat().includes('integer');
const isFreeText = (schema: JsonSchema) => {
  const s = resolve(schema);
  return !s.enum && [s.type].flat().includes('string');
};

// ---------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------

/**
 * The caller the route admits: the customer or driver app, an Admin in the back office, or the
 * restaurant's manager where only they may act (filing a payout request).
 */
const roleFor = (route: RouteAccess) => {
  if (route.auth === 'api_key') return 'integrator';
  if (route.auth === 'app') return route.roles?.includes('customer') ? 'customer' : 'driver';
  const allowed = route.permission ? (PERMISSIONS[route.permission] as readonly string[]) : undefined;
  return allowed && !allowed.includes('admin') ? 'manager' : 'admin';
};

const urlOf = (op: Operation, ids: Record<string, string>, query: Record<string, string>) => {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? '1'));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

let idempotency = 0;
/** Sends as the route's caller; a session a fuzzed write ended (a role change …) is renewed once. */
async function send(op: Operation, url: string, body?: unknown) {
  const who = roleFor(op.route);
  const request = () =>
    t.request({
      method: op.method as 'POST',
      url,
      token: tokens[who],
      // An integrator's order needs its Idempotency-Key: a fresh one, so each body is its own order.
      ...(who === 'integrator' ? { headers: { 'idempotency-key': `fuzz-${++idempotency}` } } : {}),
      ...(body === undefined ? {} : { payload: body as object }),
    });
  let res = await request();
  if (res.statusCode === 401 && who !== 'integrator' && !op.path.startsWith('/api/auth/')) {
    await signIn(who);
    res = await request();
  }
  return res;
}

/** A write that is refused must leave the data as it was; nothing may answer 500. */
async function check(op: Operation, url: string, body?: unknown, expectStatus?: number) {
  const write = op.method !== 'GET';
  const xid = write ? await nextXid() : '';
  if (write && xid !== known.xid) Object.assign(known, { xid, fingerprint: await fingerprint() });
  const res = await send(op, url, body);
  const what = `${op.method} ${url}${body === undefined ? '' : ` ${JSON.stringify(body).slice(0, 300)}`}`;
  if (res.statusCode >= 500) throw new Error(`${what} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  if (expectStatus !== undefined && res.statusCode !== expectStatus)
    throw new Error(`${what} answered ${res.statusCode}, not ${expectStatus}: ${res.body.slice(0, 300)}`);
  if (
    write &&
    res.statusCode >= 400 &&
    (await nextXid()) !== xid &&
    (await fingerprint()) !== known.fingerprint
  )
    throw new Error(`${what} was refused with ${res.statusCode} but changed data`);
}

/** The path ids of a valid request: 2 names a row in every table, and not the Admin who fuzzes. */
const BASE_IDS = { id: '2' };

/**
 * A body the route accepts as valid, so that one hostile field beside it reaches the handler and
 * the database: the first of up to 40 examples that is not refused as invalid (400).
 */
const bases = new Map<Operation, { body: unknown; valid: boolean }>();
async function baseFor(op: Operation) {
  const known = bases.get(op);
  if (known) return known.body;
  let body: unknown;
  for (let seed = 1; seed <= 40; seed++) {
    body = exampleOf(validOf(op.body as JsonSchema), seed);
    counts.probes++;
    const res = await send(op, urlOf(op, BASE_IDS, {}), body);
    if (res.statusCode >= 500)
      throw new Error(`${op.method} ${op.path} answered ${res.statusCode}: ${res.body}`);
    if (res.statusCode !== 400) {
      bases.set(op, { body, valid: true });
      return body;
    }
  }
  bases.set(op, { body, valid: false });
  return body;
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

let ops: Operation[] = [];
beforeAll(async () => {
  ops = (await operations()).filter((op) => !SKIPPED(op.path));
});

describe('the fuzzer reaches every route', () => {
  it('takes every route from the OpenAPI document, with its query parameters and bodies', () => {
    const routed = t.app.routeTable
      .filter((r) => !SKIPPED(r.url))
      .map((r) => `${r.method} ${openapiPath(r.url)}`);
    expect(ops.map((op) => `${op.method} ${op.path}`).sort()).toEqual(routed.sort());
    // Only the document itself is missing from the document.
    const undocumented = ops.filter((op) => !doc.paths[op.path]?.[op.method.toLowerCase()]);
    expect(undocumented.map((op) => `${op.method} ${op.path}`)).toEqual(['GET /api/openapi.json']);
    expect(ops.filter((op) => op.query.length).length).toBeGreaterThan(15);
    expect(ops.filter((op) => op.body).length).toBeGreaterThan(25);
  });
});

describe('sweeping every input with every hostile value', () => {
  it('every query parameter of every route: never a 500; NUL bytes and loose integers are 400s', async () => {
    for (const op of ops.filter((o) => o.query.length)) {
      const base = exampleOf(
        fc.record(Object.fromEntries(op.query.map((p) => [p.name, validOf(p.schema).map(String)])), {
          requiredKeys: op.query.filter((p) => p.required).map((p) => p.name),
        }),
        22,
      ) as Record<string, string>;
      for (const param of op.query) {
        for (const value of HOSTILE_STRINGS) {
          counts.querySweep++;
          // Past the auth check the schema decides; a 4xx other than 400 is an auth refusal.
          const exact =
            (value.includes('\u0000') && isFreeText(param.schema)) ||
            (isIntegerSchema(param.schema) && LOOSE_INTEGERS.includes(value))
              ? 400
              : undefined;
          await check(op, urlOf(op, {}, { ...base, [param.name]: value }), undefined, exact);
        }
      }
    }
  }, 600_000);

  it('every path id: loosely written ids are 400s and change nothing', async () => {
    for (const op of ops.filter((o) => o.pathParams.length)) {
      const body = op.body ? await baseFor(op) : undefined;
      for (const param of op.pathParams) {
        for (const value of [...HOSTILE_NUMBER_TEXT, '\u0000', '1\u00002', ...HOSTILE_DATES.slice(0, 2)]) {
          counts.pathSweep++;
          const exact = isIntegerSchema(param.schema) && LOOSE_INTEGERS.includes(value) ? 400 : undefined;
          await check(op, urlOf(op, { [param.name]: value }, {}), body, exact);
        }
      }
    }
  }, 600_000);

  it('every field of every body, nested ones included: never a 500, a refusal changes nothing', async () => {
    let leaves = 0;
    for (const op of ops.filter((o) => o.body)) {
      const schema = op.body as JsonSchema;
      const base = await baseFor(op);
      for (const leaf of leavesOf(schema)) {
        if (!leaf.length) continue;
        leaves++;
        for (const value of HOSTILE_JSON) {
          counts.bodySweep++;
          await check(op, urlOf(op, BASE_IDS, {}), withValueAt(base, leaf, value));
        }
      }
    }
    expect(leaves).toBeGreaterThan(100);
  }, 600_000);
});

describe('random cases', () => {
  const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
  const hostileJson = fc.constantFrom(...HOSTILE_JSON);
  /** A value for a schema: mostly valid, often hostile, sometimes anything at all. */
  const anyOf = (schema: JsonSchema): fc.Arbitrary<unknown> =>
    fc.oneof(
      { weight: 3, arbitrary: validOf(schema) },
      { weight: 2, arbitrary: hostileJson },
      { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) },
    );
  /** A body shaped like the schema, its fields and those of nested objects each valid or hostile. */
  function bodyOf(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    const schema = resolve(input);
    if (depth < 3 && schema.type === 'object' && schema.properties) {
      return fc.record(
        Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, bodyOf(s, depth + 1)])),
        { requiredKeys: [] },
      );
    }
    if (depth < 3 && schema.type === 'array' && schema.items) {
      return fc.oneof(fc.array(bodyOf(schema.items, depth + 1), { maxLength: 3 }), hostileJson);
    }
    return anyOf(schema);
  }

  it('whole query strings of every route', async () => {
    for (const op of ops.filter((o) => o.method === 'GET')) {
      await fc.assert(
        fc.asyncProperty(
          fc
            .record(
              Object.fromEntries(
                op.query.map((p) => [
                  p.name,
                  fc.oneof(validOf(p.schema).map(String), hostileString, fc.string()),
                ]),
              ),
              { requiredKeys: [] },
            )
            .chain((query) =>
              // And keys the route does not know.
              fc
                .dictionary(
                  fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor')),
                  hostileString,
                  { maxKeys: 2 },
                )
                .map((extra) => ({ ...extra, ...query })),
            ),
          async (query) => {
            counts.randomReads++;
            await check(op, urlOf(op, {}, query as Record<string, string>));
          },
        ),
        { numRuns: 15, seed: 7 },
      );
    }
  }, 600_000);

  it('whole bodies and ids of every write', async () => {
    for (const op of ops.filter((o) => o.method !== 'GET')) {
      await fc.assert(
        fc.asyncProperty(
          op.body
            ? fc.oneof({ weight: 4, arbitrary: bodyOf(op.body) }, fc.anything({ maxDepth: 2 }))
            : fc.constant(undefined),
          fc.oneof(fc.constantFrom('1', '2', '999999'), fc.constantFrom(...HOSTILE_NUMBER_TEXT)),
          async (body, id) => {
            counts.randomWrites++;
            await check(op, urlOf(op, { id }, {}), body);
          },
        ),
        { numRuns: 20, seed: 42 },
      );
    }
  }, 600_000);
});
