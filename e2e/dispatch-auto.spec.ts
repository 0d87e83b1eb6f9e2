import { DISPATCH_DEFAULTS } from '@dostava/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ACCOUNTS,
  type Answer,
  answer,
  apiAs,
  apiClient,
  apiSession,
  expect,
  expectAccessible,
  placeOrder,
  signInAs,
  test,
} from './fixtures';

/**
 * Dispatch that runs itself (decision 0024). Suggest mode: an order that needs a driver shows the best
 * one with the reasons in words, and one click accepts it. Automatic mode: the operation offers orders
 * to drivers, the board counts the offer down and a dispatcher may lock an order out; the order's page
 * tells every offer with its reasons. The mode is set through the API as an Admin and put back to
 * manual at the end (the other specs dispatch by hand).
 */

const { mode: _mode, ...SETTINGS } = DISPATCH_DEFAULTS;

async function setMode(
  request: APIRequestContext,
  mode: Answer<'/api/dispatch/settings'>['data']['mode'],
  offerSeconds = 45,
) {
  const admin = await apiAs(request, ACCOUNTS.admin);
  const body = { ...SETTINGS, offer_seconds: offerSeconds, mode };
  await answer(admin.PUT('/api/dispatch/settings', { body }), 200);
}

/** Two drivers on shift with a location a second old beside the manager's restaurant (fresh: < 10 min). */
async function freshDrivers(request: APIRequestContext) {
  const admin = await apiAs(request, ACCOUNTS.admin);
  const drivers = (
    await answer(admin.GET('/api/users', { params: { query: { role: 'driver', per_page: 100 } } }))
  ).data;
  const emails = [
    ACCOUNTS.driver,
    ...drivers.map((d) => d.email).filter((email) => email !== ACCOUNTS.driver),
  ].slice(0, 2);
  for (const [index, email] of emails.entries()) {
    const driver = await apiAs(request, email, true);
    expect([200, 409]).toContain((await driver.POST('/api/driver/shift/start')).response.status);
    const located = driver.POST('/api/driver/locations', {
      body: {
        points: [
          {
            lat: 43.8587 + index * 0.001,
            lng: 18.4187,
            recorded_at: new Date(Date.now() - 1000).toISOString(),
          },
        ],
      },
    });
    await answer(located, 200);
  }
}

/** The customer places an order at the manager's restaurant; the kitchen cooks it: it needs a driver. */
async function readyOrder(request: APIRequestContext) {
  const manager = await apiSession(request, ACCOUNTS.restaurant_manager);
  const order = await placeOrder(request, manager.user.restaurant_id ?? 0, {
    address: 'Titova 12, Sarajevo',
    phone: '+387 61 222 333',
    lat: 43.8589,
    lng: 18.4205,
  });
  const admin = await apiAs(request, ACCOUNTS.admin);
  for (const status of ['preparing_order', 'ready_for_pickup'] as const) {
    const params = { path: { id: order.id } };
    await answer(admin.POST('/api/orders/{id}/status', { params, body: { status, reason: null } }), 200);
  }
  return order;
}

/** Orders given a driver here, handed back at the end: the later specs expect the demo drivers free. */
const taken = new Set<number>();

async function release(request: APIRequestContext) {
  const admin = await apiAs(request, ACCOUNTS.admin);
  for (const id of taken) {
    const params = { path: { id } };
    const { data } = await answer(admin.GET('/api/orders/{id}', { params }));
    if (data.driver && ['created', 'preparing_order', 'ready_for_pickup'].includes(data.status))
      await answer(admin.POST('/api/orders/{id}/unassign', { params, body: { reason: null } }), 200);
  }
  taken.clear();
}

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The order number a board button names ("Accept Amir H. for order A-1042" → "A-1042"). */
const numberIn = (label: string | null, pattern: RegExp) => label?.match(pattern)?.[1] ?? '';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.describe('dispatch that runs itself', () => {
  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    await freshDrivers(request);
    await readyOrder(request);
    await readyOrder(request);
    await setMode(request, 'suggest');
  });

  test.afterEach(async ({ request }) => release(request));

  test.afterAll(async ({ request }) => {
    await setMode(request, 'manual');
    await release(request);
  });

  test('the settings screen: the mode and the bounds in words, Bosnian at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signInAs(page, 'admin', { lang: 'bs', path: '/dispatch-settings' });
    const form = page.getByRole('form', { name: 'Postavke dispečinga operacije' });
    await expect(form.getByRole('radio', { name: /^Prijedlog/ })).toBeChecked();
    await expect(
      form.getByRole('switch', { name: 'Vozači sami biraju narudžbe na čekanju' }),
    ).not.toBeChecked();
    await form.getByLabel('Rok ponude (sekunde)').fill('5');
    await form.getByLabel('Druga dostava unutar (km)').fill('abc');
    await form.getByLabel('Rezervni izbor nakon (minuta)').fill('0');
    await form.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(form.getByText('Mora biti najmanje 15')).toBeVisible();
    await expect(form.getByText('Mora biti broj')).toBeVisible();
    await expect(form.getByText('Mora biti najmanje 1', { exact: true })).toBeVisible();
    // The pay model's amounts are open only while pay-aware dispatch is on.
    await expect(form.getByLabel('Plata po dostavi (feninga)')).toBeDisabled();
    await form.getByLabel('Uzmi u obzir plate vozača').check();
    await expect(form.getByLabel('Plata po dostavi (feninga)')).toBeEnabled();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    // Nothing was saved: the operation still suggests.
    await page.reload();
    await expect(form.getByLabel('Rok ponude (sekunde)')).toHaveValue('45');
  });

  test('the driver pool: off by default, switched on and off again with its help (1440 px, English)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const admin = await signInAs(page, 'admin', { lang: 'en', path: '/dispatch-settings' });
    const api = apiClient(page.request, admin.access_token);
    const pool = async () => (await answer(api.GET('/api/dispatch/settings'))).data.driver_pool;
    const form = page.getByRole('form', { name: 'Dispatch settings of the operation' });
    const toggle = form.getByRole('switch', {
      name: 'Driver pool: drivers pick waiting orders',
    });
    await expect(toggle).not.toBeChecked();
    await expect(
      form.getByText(/^Off: a driver accepts only an order assigned or offered to them/),
    ).toBeVisible();
    await toggle.check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Dispatch settings saved')).toBeVisible();
    expect(await pool()).toBe(true);
    await expectAccessible(page);
    await page.reload();
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Dispatch settings saved').first()).toBeVisible();
    await expect.poll(pool).toBe(false);
  });

  test('a restaurant keeps a mode of its own, or follows the operation (1440 px, English)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const admin = await signInAs(page, 'admin', { lang: 'en' });
    const manager = await apiSession(page.request, ACCOUNTS.restaurant_manager);
    const id = manager.user.restaurant_id ?? 0;
    const api = apiClient(page.request, admin.access_token);
    const restaurant = () => answer(api.GET('/api/restaurants/{id}', { params: { path: { id } } }));
    const { name } = (await restaurant()).data;
    await page.goto(`/restaurant/${id}`);
    const mode = page.getByRole('region', { name: 'Dispatch' }).getByLabel('Dispatch mode');
    await expect(mode).toHaveValue('');
    await expect(mode.locator('option:checked')).toHaveText('Follow the operation (Suggest)');
    await mode.selectOption('automatic');
    await expect(page.getByText(`Dispatch mode of ${name}: Automatic`)).toBeVisible();
    await expectAccessible(page);
    // Back to the operation's mode: the next tests dispatch this restaurant's orders by it.
    await mode.selectOption('');
    await expect(page.getByText(`Dispatch mode of ${name}: Follow the operation (Suggest)`)).toBeVisible();
    const saved = await restaurant();
    expect(saved.data.dispatch_mode).toBeNull();
  });

  test('suggest, 1440 px, English: the best driver with the reasons in words, accepted in one click', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'dispatcher', { lang: 'en', path: '/active-orders?lane=ready_no_driver' });
    await expect(page.getByText('Dispatch: Suggest')).toBeVisible({ timeout: 30_000 });
    const board = page.getByRole('table', { name: 'Active orders' });
    const accept = board.getByRole('button', { name: /^Accept .+ for order / }).first();
    await expect(accept).toBeVisible({ timeout: 30_000 });
    // The reasons in plain words beside the suggested driver.
    await expect(board.getByText(/^Suggested: /).first()).toBeVisible();
    await expect(
      board
        .getByText(
          /(free|carrying \d+ orders?)(, batched with \S+)?, [\d.]+ km away, location .+(on time|\d+ min late)$/,
        )
        .first(),
    ).toBeVisible();
    // The full picker stays.
    await expect(board.getByRole('button', { name: /^Assign a driver to / }).first()).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    const label = await accept.getAttribute('aria-label');
    const name = label?.match(/^Accept (.+) for order /)?.[1] ?? '';
    const number = numberIn(label, / for order (.+)$/);
    await accept.click();
    await expect(page.getByText(`Driver ${name} assigned to ${number}`)).toBeVisible();
    // It left the lane of orders without a driver (another order may now be batched with it).
    await expect(board.getByRole('row', { name: new RegExp(`^${number} `) })).toHaveCount(0);
    const admin = await apiAs(page.request, ACCOUNTS.admin);
    const found = await answer(admin.GET('/api/orders', { params: { query: { q: number } } }));
    for (const order of found.data) if (order.order_number === number) taken.add(order.id);
  });

  test('suggest, 360 px, Bosnian: the suggestion on the card', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signInAs(page, 'dispatcher', { lang: 'bs', path: '/active-orders?lane=ready_no_driver' });
    await expect(page.getByText('Dispečing: Prijedlog')).toBeVisible({ timeout: 30_000 });
    const list = page.getByRole('list', { name: 'Aktivne narudžbe' });
    const accept = list.getByRole('button', { name: /^Prihvati vozača .+ za narudžbu / }).first();
    await expect(accept).toBeVisible({ timeout: 30_000 });
    await expect(list.getByText(/^Prijedlog: /).first()).toBeVisible();
    await expect(
      list.getByText(/(slobodan|nosi \d+ narudžb\w+)(, spojeno s \S+)?, [\d,]+ km daleko/).first(),
    ).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  test('automatic, 1440 px, Bosnian: an offer counts down, a dispatcher locks an order out', async ({
    page,
    request,
  }) => {
    await freshDrivers(request);
    await setMode(request, 'automatic', 300);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'dispatcher', { lang: 'bs', path: '/active-orders' });
    await expect(page.getByText('Dispečing: Automatski')).toBeVisible({ timeout: 30_000 });
    const board = page.getByRole('table', { name: 'Aktivne narudžbe' });
    await expect(board.getByText(/^Ponuđeno vozaču .+, ističe za \d+:\d\d$/).first()).toBeVisible({
      timeout: 60_000,
    });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    const lock = board
      .getByRole('button', { name: /^Zaključaj narudžbu .+ izvan automatskog dispečinga$/ })
      .first();
    const number = numberIn(await lock.getAttribute('aria-label'), /^Zaključaj narudžbu (.+) izvan/);
    await lock.click();
    await expect(page.getByText(`Narudžba ${number} je zaključana: dodjeljuje je dispečer`)).toBeVisible();
    const unlock = board.getByRole('button', { name: `Vrati narudžbu ${number} u automatski dispečing` });
    await expect(unlock).toHaveAttribute('aria-pressed', 'true');
    await expect(board.getByText('Zaključano: ručno').first()).toBeVisible();
    await unlock.click();
    await expect(page.getByText(`Narudžba ${number} je vraćena u automatski dispečing`)).toBeVisible();
  });

  test('automatic, 360 px, English: the offer on the card and on the order page with its reasons', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signInAs(page, 'dispatcher', { lang: 'en', path: '/active-orders' });
    await expect(page.getByText('Dispatch: Automatic')).toBeVisible({ timeout: 30_000 });
    const list = page.getByRole('list', { name: 'Active orders' });
    const offered = list
      .getByRole('listitem')
      .filter({ hasText: /Offered to .+, expires in \d+:\d\d/ })
      .first();
    await expect(offered).toBeVisible({ timeout: 60_000 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    await offered.getByRole('link').first().click();
    const section = page.getByRole('region', { name: 'Dispatch' });
    await expect(section.getByText('Automatic', { exact: true })).toBeVisible();
    await expect(section.getByText('Waiting for an answer')).toBeVisible();
    await expect(
      section.getByText(
        /^Offered automatically: (free|carrying \d+ orders?)(, batched with \S+)?, [\d.]+ km away, .+(on time|\d+ min late)$/,
      ),
    ).toBeVisible();
    // The offer is a step of the order's history too.
    await expect(
      page
        .getByRole('region', { name: 'Status history' })
        .getByText(/^Offered automatically to .+: (free|carrying \d+ orders?)/)
        .first(),
    ).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
