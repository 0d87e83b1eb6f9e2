import type { Page, Request, Route } from '@playwright/test';
import { ACCOUNTS, answer, apiAs, expect, expectAccessible, placeOrder, signInAs, test } from './fixtures';

/** The board's reads of orders: its lanes and searches (`/api/orders`) and its counts. */
const ORDER_READS = /\/api\/orders(\/lanes)?(\?|$)/;

/**
 * The server slowed for the board's reads of orders: each is answered `ms` later (or never, `hold`).
 * Returns the requests sent and those the browser cancelled.
 */
async function slowOrders(page: Page, ms: number) {
  const sent: Request[] = [];
  const cancelled: Request[] = [];
  const held: Route[] = [];
  let hold = false;
  page.on('request', (r) => {
    if (ORDER_READS.test(r.url())) sent.push(r);
  });
  page.on('requestfailed', (r) => {
    if (ORDER_READS.test(r.url())) cancelled.push(r);
  });
  await page.route(ORDER_READS, async (route) => {
    if (hold) {
      held.push(route);
      return;
    }
    // A slow server is what this test is about: each read answers this late (timed on purpose).
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => undefined);
  });
  return {
    sent,
    cancelled,
    /** From now on the reads of orders get no answer (a server that stopped answering). */
    holdAll: () => {
      hold = true;
    },
    /** How many reads are waiting for an answer that will not come. */
    held: () => held.length,
  };
}

test.describe('the board under a slow server', () => {
  test('moves its counts from the events with no request, never cancels a read, and says how far behind it is when its reads stop landing', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const reads = await slowOrders(page, 2_000);
    await signInAs(page, 'dispatcher', { lang: 'en', path: '/active-orders' });
    const mark = page.getByRole('status').first();
    await expect(mark.getByText('Live', { exact: true })).toBeVisible({ timeout: 30_000 });
    const admin = await apiAs(request, ACCOUNTS.admin);
    const before = (await answer(admin.GET('/api/orders/lanes'))).data.new;
    await expect(page.getByRole('tab', { name: `New ${before}` })).toBeVisible({ timeout: 30_000 });
    const sentBefore = reads.sent.length;

    // Five orders in a burst: the New count follows from the events alone.
    // One that takes orders at whatever hour the suite runs (the demo managers' take them around the clock).
    const restaurants = (
      await answer(admin.GET('/api/restaurants', { params: { query: { per_page: 100 } } }))
    ).data;
    const restaurant = restaurants.find((r) => r.ordering.takes_orders);
    if (!restaurant) throw new Error('no restaurant');
    for (let i = 0; i < 5; i++) await placeOrder(request, restaurant.id);
    await expect(page.getByRole('tab', { name: `New ${before + 5}` })).toBeVisible();
    expect(reads.sent.length - sentBefore).toBeLessThanOrEqual(2);
    expect(reads.cancelled).toEqual([]);
    await expect(mark.getByText('Live', { exact: true })).toBeVisible();

    // The server stops answering while a search is on screen: an order placed now is not read, and
    // after a while the mark says how far behind the board is instead of "Live".
    reads.holdAll();
    await page.getByLabel('Search orders').fill('D1');
    // The search's read is in flight (held) before the order is placed.
    await expect.poll(reads.held).toBeGreaterThan(0);
    await placeOrder(request, restaurant.id);
    await expect(mark.getByText(/^\d+ s behind$/)).toBeVisible({ timeout: 45_000 });
    await expect(mark.getByText('Live', { exact: true })).toHaveCount(0);
    expect(reads.cancelled).toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('board-behind-1440-en.png') });
  });

  test('360 px, Bosnian: the mark says how far behind the board is', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 740 });
    const reads = await slowOrders(page, 500);
    await signInAs(page, 'dispatcher', { lang: 'bs', path: '/active-orders' });
    const mark = page.getByRole('status').first();
    await expect(mark.getByText('Uživo', { exact: true })).toBeVisible({ timeout: 30_000 });
    const admin = await apiAs(request, ACCOUNTS.admin);
    const restaurant = (
      await answer(admin.GET('/api/restaurants', { params: { query: { per_page: 100 } } }))
    ).data.find((r) => r.ordering.takes_orders);
    if (!restaurant) throw new Error('no restaurant');
    reads.holdAll();
    await page.getByLabel('Pretraži narudžbe').fill('D1');
    await expect.poll(reads.held).toBeGreaterThan(0);
    await placeOrder(request, restaurant.id);
    await expect(mark.getByText(/^Zaostaje \d+ s$/)).toBeVisible({ timeout: 45_000 });
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('board-behind-360-bs.png') });
  });
});
