import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatusesFor, operationIdFor, summaryFor } from '../plugins/openapi.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../test/helpers.js';

/**
 * The contract as an integrator meets it: the document fetched from a running server, a typed client
 * generated from it (openapi-typescript + openapi-fetch), a program written against that client
 * type-checked by the project's TypeScript and then run against the server: an admin adds a driver,
 * the driver signs in through the app endpoint, starts a shift, sends locations and ends the shift.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const run = promisify(execFile);

let t: TestContext;
let baseUrl = '';
// Inside the repository (data/ is ignored) so the program resolves openapi-fetch from node_modules.
const dir = path.join(root, 'data', `openapi-client-${process.pid}-${Date.now()}`);

beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  mkdirSync(dir, { recursive: true });
  // What an integrator does first: fetch the document and generate the types from it.
  const served = await fetch(`${baseUrl}/api/openapi.json`);
  if (served.status !== 200) throw new Error(`GET /api/openapi.json: ${served.status}`);
  writeFileSync(
    path.join(dir, 'schema.d.ts'),
    astToString(await openapiTS((await served.json()) as OpenAPI3)),
  );
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        types: ['node'],
        typeRoots: [path.join(root, 'node_modules/@types')],
        skipLibCheck: true,
      },
    }),
  );
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
});

const tsc = path.join(root, 'node_modules/.bin/tsc');
/** Type-checks one program against the generated schema; the compiler's output when it fails. */
function typeCheck(file: string, source: string): Promise<'ok' | string> {
  writeFileSync(path.join(dir, file), source);
  const config = path.join(dir, `tsconfig.${file}.json`);
  writeFileSync(config, JSON.stringify({ extends: './tsconfig.json', files: [file, 'schema.d.ts'] }));
  return run(tsc, ['-p', config]).then(
    () => 'ok' as const,
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  );
}
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

// Written as an integrator would: every path, body and answer below is checked against the generated
// types, so a route whose schema drifts from this use fails the type check.
const program = `
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.js';

type ApiError = components['schemas']['Error'];
const [baseUrl = '', adminPassword = ''] = process.argv.slice(2);
const client = createClient<paths>({ baseUrl });
let token = '';
const auth: Middleware = {
  onRequest({ request }) {
    if (token) request.headers.set('authorization', \`Bearer \${token}\`);
    return request;
  },
};
client.use(auth);

function fail(step: string, error: ApiError | undefined, status: number): never {
  throw new Error(\`\${step}: \${status} \${error?.error ?? ''} \${error?.message ?? ''}\`);
}

const admin = await client.POST('/api/auth/sign-in', {
  body: { email: 'admin@example.com', password: adminPassword },
});
if (!admin.data) fail('admin sign-in', admin.error, admin.response.status);
token = admin.data.data.access_token;

const email = \`generated.client.\${Date.now()}@example.com\`;
const password = 'Gen3rated#Client';
const created = await client.POST('/api/users', {
  body: { first_name: 'Generisani', last_name: 'Klijent', email, role: 'driver', password },
});
if (!created.data) fail('create driver', created.error, created.response.status);
const driverId: number = created.data.data.id;

token = '';
const signIn = await client.POST('/api/auth/app/sign-in', { body: { email, password } });
if (!signIn.data) fail('driver sign-in', signIn.error, signIn.response.status);
token = signIn.data.data.access_token;
const role: string = signIn.data.data.user.role;

const shift = await client.POST('/api/driver/shift/start');
if (!shift.data) fail('start shift', shift.error, shift.response.status);
const shiftId: number = shift.data.data.shift_id;

const again = await client.POST('/api/driver/shift/start');
const secondStart = { status: again.response.status, error: again.error?.error ?? null };

const now = Date.now();
const sent = await client.POST('/api/driver/locations', {
  body: {
    points: [
      { lat: 43.8563, lng: 18.4131, recorded_at: new Date(now - 20_000).toISOString() },
      { lat: 43.8571, lng: 18.4142, recorded_at: new Date(now - 5_000).toISOString() },
    ],
  },
});
if (!sent.data) fail('send locations', sent.error, sent.response.status);
const accepted: number = sent.data.data.accepted;

const refused = await client.POST('/api/driver/locations', { body: { points: [] } });
const emptyBatch = { status: refused.response.status, fields: Object.keys(refused.error?.errors ?? {}) };

const ended = await client.POST('/api/driver/end-shift', { body: { declared_amount: 0 } });
if (!ended.data) fail('end shift', ended.error, ended.response.status);
const request: { status: string; declared_amount: number } = ended.data.data;

console.log(JSON.stringify({ driverId, role, shiftId, secondStart, accepted, emptyBatch, request }));
`;

describe('a client generated from /api/openapi.json', () => {
  it('type-checks against the document and drives a driver through a shift', async () => {
    // The project's compiler: a program the generated types do not fit does not get past here.
    expect(await typeCheck('driver-flow.ts', program)).toBe('ok');

    const tsx = path.join(root, 'node_modules/.bin/tsx');
    const { stdout } = await run(tsx, [path.join(dir, 'driver-flow.ts'), baseUrl, DEMO_PASSWORD]);
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
    expect(result.role).toBe('driver');
    expect(result.shiftId).toBeGreaterThan(0);
    expect(result.secondStart).toEqual({ status: 409, error: 'shift_open' });
    expect(result.accepted).toBe(2);
    expect(result.emptyBatch).toEqual({ status: 400, fields: ['points'] });
    expect(result.request).toMatchObject({ status: 'pending', declared_amount: 0 });

    // What the program did is what the server holds.
    const detail = await t.request({
      method: 'GET',
      url: `/api/drivers/${result.driverId}`,
      token: (await t.signIn('admin@example.com')).access_token,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.last_location_at).not.toBeNull();
  });

  it('is refused by the type check when a program sends what the document does not allow', async () => {
    // The control: the same check must catch a wrong body, or the test above proves nothing.
    const wrong = `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';
const client = createClient<paths>({ baseUrl: '' });
await client.POST('/api/driver/locations', { body: { points: [{ lat: '43.8', lng: 18.4 }] } });
`;
    const outcome = await typeCheck('wrong.ts', wrong);
    expect(outcome).toMatch(/wrong\.ts\(4,\d+\): error/);
    expect(outcome).toContain("Type 'string' is not assignable to type 'number'");
  });
});

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
};

describe('the document at /api/openapi.json', () => {
  async function operations() {
    const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as {
      servers?: { url: string }[];
      paths: Record<string, Record<string, Operation>>;
    };
    return {
      document,
      list: Object.entries(document.paths).flatMap(([p, item]) =>
        Object.entries(item).map(([method, operation]) => ({
          key: `${method.toUpperCase()} ${p}`,
          operation,
        })),
      ),
    };
  }

  it('names, sums up and describes every operation, with unique operationIds', async () => {
    const { document, list } = await operations();
    expect(document.servers?.length).toBeGreaterThan(0);
    expect(list.length).toBeGreaterThan(80);
    const lacking = list.filter(({ operation: o }) => !o.operationId || !o.summary || !o.description);
    expect(lacking.map((o) => o.key)).toEqual([]);
    const ids = list.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every operation a success body (or a 204) and its errors as the shared error body', async () => {
    const { list } = await operations();
    const noSuccess = list.filter(({ operation }) =>
      Object.entries(operation.responses).every(
        ([status, r]) => !status.startsWith('2') || (status !== '204' && !r.content),
      ),
    );
    expect(noSuccess.map((o) => o.key)).toEqual([]);
    // The health probes alone have nothing to refuse (see .redocly.lint-ignore.yaml).
    const no4xx = list.filter(
      ({ operation }) => !Object.keys(operation.responses).some((s) => s.startsWith('4')),
    );
    expect(no4xx.map((o) => o.key)).toEqual([
      'GET /api/health',
      'GET /api/health/live',
      'GET /api/health/ready',
    ]);
    const locations = list.find((o) => o.key === 'POST /api/driver/locations')?.operation;
    expect(locations?.responses['400']?.$ref).toBe('#/components/responses/BadRequest');
    expect(locations?.responses['401']?.$ref).toBe('#/components/responses/Unauthorized');
  });

  it('asks no token of the public operations', async () => {
    const { list } = await operations();
    const open = list.filter(({ operation }) => operation.security?.length === 0).map((o) => o.key);
    expect(open).toEqual(
      expect.arrayContaining([
        'POST /api/auth/app/sign-in',
        'GET /api/app-versions/check',
        'GET /api/health',
      ]),
    );
    expect(open).not.toContain('POST /api/driver/shift/start');
  });
});

describe('what the plugin derives from a route', () => {
  it('makes an operationId of the method and the path', () => {
    expect(operationIdFor('GET', '/api/restaurants/{id}/products')).toBe('getRestaurantsByIdProducts');
    expect(operationIdFor('POST', '/api/auth/app/sign-in')).toBe('postAuthAppSignIn');
    expect(operationIdFor('GET', '/api/orders/export.csv')).toBe('getOrdersExportCsv');
  });

  it('sums up the usual shapes in words', () => {
    expect(summaryFor('GET', '/api/vehicles')).toBe('List vehicles');
    expect(summaryFor('POST', '/api/categories')).toBe('Create a category');
    expect(summaryFor('PATCH', '/api/orders/{id}')).toBe('Update an order');
    expect(summaryFor('DELETE', '/api/app-versions/{id}')).toBe('Delete an app version');
  });

  it('lists the errors a route can give', () => {
    const facts = { public: false, restricted: true, hasInput: true, hasId: true, rateLimited: true };
    expect(errorStatusesFor(facts)).toEqual([400, 401, 403, 404, 429]);
    expect(errorStatusesFor({ ...facts, public: true, hasId: false })).toEqual([400, 429]);
    expect(errorStatusesFor({ ...facts, restricted: false, hasInput: false, rateLimited: false })).toEqual([
      401, 404,
    ]);
  });
});
