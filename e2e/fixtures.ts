import AxeBuilder from '@axe-core/playwright';
import type { paths } from '@dostava/shared/wire';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import createClient from 'openapi-fetch';

export const DEMO_PASSWORD = 'DemoPass!2026';
export const ACCOUNTS = {
  admin: 'admin@example.com',
  app_manager: 'appmanager@example.com',
  dispatcher: 'dispatcher@example.com',
  restaurant_manager: 'manager@example.com',
  restaurant_employee: 'employee@example.com',
  driver: 'driver@example.com',
  customer: 'customer@example.com',
} as const;
export type DemoRole = keyof typeof ACCOUNTS;

/** The API as the contract types it, for a spec's own requests; `token` signs them in. */
export function apiClient(request: APIRequestContext, token?: string) {
  return createClient<paths>({
    // Requests go through Playwright's request context, which knows the server's address: the origin
    // here only makes the URL whole and is dropped again.
    baseUrl: 'http://api.e2e',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    fetch: async (outgoing: Request) => {
      const url = new URL(outgoing.url);
      const res = await request.fetch(url.pathname + url.search, {
        method: outgoing.method,
        headers: Object.fromEntries(outgoing.headers),
        data: outgoing.body ? Buffer.from(await outgoing.arrayBuffer()) : undefined,
      });
      const empty = res.status() === 204 || res.status() === 304;
      return new Response(empty ? null : new Uint8Array(await res.body()), {
        status: res.status(),
        headers: res.headers(),
      });
    },
  });
}

/**
 * The body of a call that must succeed, as the contract types it: any 2xx, or exactly `status` where
 * the spec asserts which one.
 */
export async function answer<T>(
  call: Promise<{ data?: T; response: Response }>,
  status?: number,
): Promise<T> {
  const { data, response } = await call;
  if (status === undefined) expect(response.ok, `the API answered ${response.status}`).toBe(true);
  else expect(response.status).toBe(status);
  if (data === undefined) throw new Error(`The API answered ${response.status} without a body.`);
  return data;
}

/**
 * The JSON body a call answers on success, as the contract types it, for a spec's helper that takes or
 * returns it: `Answer<'/api/dashboard'>['data']`, `Answer<'/api/orders', 'post'>['data']`.
 */
export type Answer<P extends keyof paths, M extends keyof paths[P] = 'get'> = paths[P][M] extends {
  responses: infer R;
}
  ? R[Extract<keyof R, 200 | 201>] extends { content: { 'application/json': infer B } }
    ? B
    : never
  : never;

export type Session = Answer<'/api/auth/sign-in', 'post'>['data'];

/** A session straight from the API, for a spec's own requests: staff, or (`app`) a driver or customer. */
export async function apiSession(request: APIRequestContext, email: string, app = false): Promise<Session> {
  const api = apiClient(request);
  const body = { email, password: DEMO_PASSWORD };
  const { data, response } = app
    ? await api.POST('/api/auth/app/sign-in', { body })
    : await api.POST('/api/auth/sign-in', { body });
  expect(response.status).toBe(200);
  if (!data) throw new Error('The sign-in answered without a body.');
  return data.data;
}

/** The API as `email` signed in: staff, or (`app`) a driver or customer. */
export async function apiAs(request: APIRequestContext, email: string, app = false) {
  return apiClient(request, (await apiSession(request, email, app)).access_token);
}

type NewOrder = paths['/api/orders']['post']['requestBody']['content']['application/json'];

/**
 * The customer app orders the first product on `restaurantId`'s menu (cash, to Ferhadija 1 unless the
 * spec says where and how many); answers with the created order.
 */
export async function placeOrder(
  request: APIRequestContext,
  restaurantId: number,
  { quantity = 1, ...order }: Partial<Omit<NewOrder, 'restaurant_id' | 'items'>> & { quantity?: number } = {},
) {
  const customer = await apiAs(request, ACCOUNTS.customer, true);
  const menu = customer.GET('/api/restaurants/{id}/menu', { params: { path: { id: restaurantId } } });
  const product = (await answer(menu, 200)).data.categories.flatMap((category) => category.products)[0];
  if (!product) throw new Error(`Restaurant ${restaurantId} has no product on its menu.`);
  const body: NewOrder = {
    restaurant_id: restaurantId,
    items: [{ product_id: product.id, quantity }],
    address: 'Ferhadija 1, Sarajevo',
    phone: '+387 61 111 222',
    lat: 43.859,
    lng: 18.425,
    note: null,
    payment: 'cash',
    ...order,
  };
  return (await answer(customer.POST('/api/orders', { body }), 201)).data;
}

/** Signs in through the API (fast) and hands the session to the web app the way it stores it. */
export async function signInAs(
  page: Page,
  role: DemoRole,
  options: { lang?: 'bs' | 'en'; path?: string } = {},
) {
  const data = await apiSession(page.request, ACCOUNTS[role]);
  await page.goto('/404');
  await page.evaluate(
    ({ data, lang }) => {
      localStorage.setItem('token', data.access_token);
      localStorage.setItem('refresh_token', data.refresh_token);
      localStorage.setItem('adminuser', JSON.stringify({ ...data.user, access_token: data.access_token }));
      localStorage.setItem('lang', lang);
    },
    { data, lang: options.lang ?? 'bs' },
  );
  await page.goto(options.path ?? '/');
  return data;
}

/** Every screen's test runs axe-core: no serious or critical violations. */
export async function expectAccessible(page: Page) {
  // Colours caught halfway through a transition (a button leaving its busy state) are not what the
  // user reads: settle transitions before measuring contrast. (Animations stay: toasts need theirs.)
  const settle = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  let results: Awaited<ReturnType<AxeBuilder['analyze']>> | undefined;
  // The page at rest, as the user reads it: not a list dimmed while its next page loads (its
  // aria-busy), which axe measured as failing contrast. Waiting until nothing is busy is not enough:
  // a URL's change (a sort choice) renders its dimmed list a moment after the URL changed, and a busy
  // machine measured it then (CI, twice). So a list that turns busy while axe reads is read again.
  for (let attempt = 1; !results; attempt++) {
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.evaluate(() => {
      const w = window as { __busyDuringAxe?: boolean; __busyWatch?: MutationObserver };
      w.__busyDuringAxe = false;
      w.__busyWatch = new MutationObserver(() => {
        if (document.querySelector('[aria-busy="true"]')) w.__busyDuringAxe = true;
      });
      w.__busyWatch.observe(document.body, {
        subtree: true,
        childList: true,
        attributeFilter: ['aria-busy'],
      });
    });
    // Toasts come and go with an opacity animation: measured mid-fade they fail contrast they meet at rest.
    const read = await new AxeBuilder({ page }).exclude('.Toastify').analyze();
    const busy = await page.evaluate(() => {
      const w = window as { __busyDuringAxe?: boolean; __busyWatch?: MutationObserver };
      w.__busyWatch?.disconnect();
      return w.__busyDuringAxe || document.querySelector('[aria-busy="true"]') !== null;
    });
    if (!busy) results = read;
    else expect(attempt, 'the page kept turning busy while axe read it').toBeLessThan(5);
  }
  await settle.evaluate((style) => (style as HTMLStyleElement).remove());
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/**
 * A date field (MUI X's date picker): a group named by its label, with day, month and year spin
 * buttons; its description is the helper text under it.
 */
export const dateField = (scope: Page | Locator, label: string) =>
  scope.getByRole('group', { name: label, exact: true });

/**
 * Types a 'YYYY-MM-DD' day into a date field the way a user does: into the day, then the month and the
 * year (both languages write the day first). '' clears the field.
 */
export async function fillDate(field: Locator, day: string) {
  const keyboard = field.page().keyboard;
  await field.getByRole('spinbutton').first().click();
  await keyboard.press('ControlOrMeta+a');
  await keyboard.press('Backspace');
  if (!day) return;
  const [year, month, date] = day.split('-');
  await keyboard.type(`${date}${month}${year}`);
}

/** The day a date field shows, as the language writes it: bs '01.10.2026.', en '01/10/2026'. */
export async function expectDate(field: Locator, shown: string) {
  await expect(field.getByRole('spinbutton')).toHaveText(shown.match(/\d+/g) ?? []);
  await expect(field).toContainText(shown);
}

/** Chooses `option` in a search picker (an Autocomplete that asks the API as you type `text`). */
export async function pick(page: Page, label: string, text: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).fill(text);
  await page.getByRole('option', { name: option, exact: true }).click();
}

export const test = base;
export { expect };
