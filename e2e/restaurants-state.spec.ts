import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, answer, apiAs, apiSession, expect, expectAccessible, signInAs, test } from './fixtures';

/**
 * The restaurant's state where the kitchen, its manager and the dispatcher work, in the same words
 * (open, closed until, busy, paused), and a change by someone else told with who and when (issue 36).
 * English at 1440 px, Bosnian at 360 px; screenshots of each screen go to the run's output folder.
 */
const ZONE = 'Europe/Sarajevo';
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const READY = 60_000;

const texts = {
  en: {
    closed: /^Restaurant: Opens \w+ 00:00$/,
    live: 'Live',
    strip: 'Restaurants busy, paused or closed',
    closedCount: (n: number | string) => `${n} closed`,
    closedList: 'Restaurants closed now',
    closedState: /^Opens \w+ 00:00$/,
    // A pause that ends after midnight names the day too ("Paused until Saturday 00:01").
    paused: (name: string) => new RegExp(`^${name}: Paused until (.+ )?\\d\\d:\\d\\d$`),
    busyNotice: /^Lejla Begović changed the kitchen to “Busy \+20 min” at \d\d:\d\d$/,
    kitchenBusy: /^Kitchen: Busy \+20 min\. Change$/,
    hoursForm: 'Opening hours',
    hoursNotice: /^Amra Hodžić changed these opening hours at \d\d:\d\d\. Their hours are shown now\.$/,
    monday: 'Monday',
    opens: 'Opens',
    busyChip: 'Busy +20 min',
  },
  bs: {
    closed: /^Restoran: Otvara u \S+ u 00:00$/,
    live: 'Uživo',
    strip: 'Restorani s gužvom, na pauzi ili zatvoreni',
    closedCount: (n: number | string) => `Zatvoreno: ${n}`,
    closedList: 'Restorani zatvoreni sada',
    closedState: /^Otvara u \S+ u 00:00$/,
    paused: (name: string) => new RegExp(`^${name}: Pauzirano do (.+ )?\\d\\d:\\d\\d$`),
    busyNotice: /^Lejla Begović je promijenio\/la kuhinju na „Gužva \+20 min” u \d\d:\d\d$/,
    kitchenBusy: /^Kuhinja: Gužva \+20 min\. Promijeni$/,
    hoursForm: 'Radno vrijeme',
    hoursNotice:
      /^Amra Hodžić je promijenio\/la ovo radno vrijeme u \d\d:\d\d\. Sada je prikazano njihovo radno vrijeme\.$/,
    monday: 'Ponedjeljak',
    opens: 'Otvara',
    busyChip: 'Gužva +20 min',
  },
} as const;

async function managerRestaurant(request: APIRequestContext) {
  const { user } = await apiSession(request, ACCOUNTS.restaurant_manager);
  if (user.restaurant_id === null) throw new Error('The demo restaurant manager has no restaurant.');
  return user.restaurant_id;
}
async function setCapacity(request: APIRequestContext, email: string, id: number, body: object) {
  const api = await apiAs(request, email);
  await answer(
    api.PUT('/api/restaurants/{id}/capacity', { params: { path: { id } }, body: body as never }),
    200,
  );
}
async function setHours(request: APIRequestContext, email: string, id: number, body: object) {
  const api = await apiAs(request, email);
  await answer(
    api.PUT('/api/restaurants/{id}/hours', { params: { path: { id } }, body: body as never }),
    200,
  );
}
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test.describe('the restaurant state', () => {
  test.describe.configure({ timeout: 240_000 });
  // The manager's restaurant takes orders around the clock, at normal capacity, for the other specs.
  test.afterEach(async ({ request }) => {
    const id = await managerRestaurant(request);
    await setCapacity(request, ACCOUNTS.admin, id, { mode: 'normal' });
    await setHours(request, ACCOUNTS.admin, id, { days: [], exceptions: [] });
  });

  for (const [lang, width] of [
    ['en', 1440],
    ['bs', 360],
  ] as const) {
    test(`the kitchen board, the dashboard and the dispatcher's strip say it is closed; the strip says paused (${lang}, ${width})`, async ({
      page,
      browser,
      request,
    }) => {
      const x = texts[lang];
      await page.setViewportSize({ width, height: 900 });
      const id = await managerRestaurant(request);
      // Closed today (a holiday): it takes orders again at midnight.
      await setHours(request, ACCOUNTS.restaurant_manager, id, {
        days: [],
        exceptions: [{ date: today(), closed: true, ranges: [], note: '' }],
      });
      await signInAs(page, 'restaurant_manager', { lang, path: '/restaurant-active-orders' });
      await expect(page.getByRole('status', { name: x.closed })).toBeVisible({ timeout: READY });
      await expectAccessible(page);
      await shot(page, `kitchen-board-closed-${lang}-${width}`);

      await page.goto('/');
      await expect(page.getByRole('status', { name: x.closed })).toBeVisible({ timeout: READY });
      await expectAccessible(page);
      await shot(page, `dashboard-closed-${lang}-${width}`);

      // The dispatcher's strip: closed by its hours, it is counted among the closed restaurants and
      // listed behind the count in the kitchen's words (issue 36).
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const dispatcher = await context.newPage();
      const name =
        (
          await (
            await apiAs(request, ACCOUNTS.admin)
          ).GET('/api/restaurants/{id}', {
            params: { path: { id } },
          })
        ).data?.data.name ?? '';
      await signInAs(dispatcher, 'dispatcher', { lang, path: '/active-orders' });
      const strip = dispatcher.getByRole('list', { name: x.strip });
      const countChip = strip.getByRole('button', { name: new RegExp(`^${x.closedCount('\\d+')}$`) });
      await expect(countChip).toBeVisible({ timeout: READY });
      const closedNow = Number((await countChip.textContent())?.match(/\d+/)?.[0]);
      await countChip.click();
      const closedList = dispatcher.getByRole('list', { name: x.closedList });
      const item = closedList
        .getByRole('listitem')
        .filter({ has: dispatcher.getByText(name, { exact: true }) });
      await expect(item.getByText(x.closedState)).toBeVisible({ timeout: READY });
      // The list's sheet fades in: the screenshots wait until it has.
      const sheet = closedList.locator('..');
      await expect(sheet).toHaveCSS('opacity', '1');
      if (width === 360)
        expect(await dispatcher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          360,
        );
      await expectAccessible(dispatcher);
      await shot(dispatcher, `dispatch-board-closed-${lang}-${width}`);
      // The other width too, for the screenshots: both languages at 360 and 1440.
      const otherWidth = width === 1440 ? 360 : 1440;
      await dispatcher.keyboard.press('Escape');
      await expect(closedList).toBeHidden();
      await dispatcher.setViewportSize({ width: otherWidth, height: 900 });
      await countChip.click();
      await expect(item).toBeInViewport();
      await expect(sheet).toHaveCSS('opacity', '1');
      await shot(dispatcher, `dispatch-board-closed-${lang}-${otherWidth}`);
      await dispatcher.keyboard.press('Escape');
      await expect(closedList).toBeHidden();
      await dispatcher.setViewportSize({ width, height: 900 });

      // Open again (its hours restored by someone else): it leaves the closed ones, live.
      await setHours(request, ACCOUNTS.admin, id, { days: [], exceptions: [] });
      if (closedNow === 1) await expect(countChip).toHaveCount(0, { timeout: READY });
      else await expect(countChip).toHaveText(x.closedCount(closedNow - 1), { timeout: READY });

      // Paused: the dispatcher's strip says it in the kitchen's words.
      await setCapacity(request, ACCOUNTS.restaurant_manager, id, { mode: 'paused', minutes: 15 });
      await expect(strip.getByText(x.paused(name))).toBeVisible({ timeout: READY });
      // Every lane in view at 1440 (none behind a scroll arrow), and nothing wider than a phone at 360.
      const problems = dispatcher.getByRole('tab', { name: /Problem/ });
      if (width === 1440) {
        await expect(problems).toBeInViewport({ ratio: 1 });
        // A little narrower (a laptop's 1280 px, or 1440 with a scrollbar and two-digit counts), the
        // lanes no longer fit one row: they wrap, and the last one stays in view.
        await dispatcher.setViewportSize({ width: 1280, height: 900 });
        await expect(problems).toBeInViewport({ ratio: 1 });
        await shot(dispatcher, `dispatch-board-${lang}-1280`);
        await dispatcher.setViewportSize({ width, height: 900 });
      } else
        expect(await dispatcher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          360,
        );
      await expectAccessible(dispatcher);
      await shot(dispatcher, `dispatch-board-${lang}-${width}`);
      await context.close();
    });

    test(`a change by someone else says who and when: busy on the kitchen board, hours on the restaurant page (${lang}, ${width})`, async ({
      page,
      request,
    }) => {
      const x = texts[lang];
      await page.setViewportSize({ width, height: 900 });
      const id = await managerRestaurant(request);
      await signInAs(page, 'restaurant_manager', { lang, path: '/restaurant-active-orders' });
      await expect(page.getByRole('status').getByText(x.live, { exact: true })).toBeVisible({
        timeout: READY,
      });

      await setCapacity(request, ACCOUNTS.dispatcher, id, { mode: 'busy', minutes: 20 });
      await expect(page.getByText(x.busyNotice)).toBeVisible({ timeout: READY });
      await expect(page.getByRole('button', { name: x.kitchenBusy })).toBeVisible();
      await shot(page, `kitchen-board-notice-${lang}-${width}`);

      await page.goto(`/restaurant/${id}`);
      const form = page.getByRole('form', { name: x.hoursForm });
      await expect(form).toBeVisible({ timeout: READY });
      // The page is live once a change reaches it: the header's state follows busy mode back to normal.
      await setCapacity(request, ACCOUNTS.dispatcher, id, { mode: 'normal' });
      await expect(page.getByText(x.busyChip, { exact: true })).toHaveCount(0, { timeout: READY });
      await setCapacity(request, ACCOUNTS.dispatcher, id, { mode: 'busy', minutes: 20 });
      await expect(page.getByText(x.busyChip, { exact: true })).toBeVisible({ timeout: READY });

      await setHours(request, ACCOUNTS.admin, id, {
        days: [{ weekday: 1, ranges: [{ opens: '00:00', closes: '00:00' }] }],
        exceptions: [],
      });
      await expect(form.getByText(x.hoursNotice)).toBeVisible({ timeout: READY });
      await expect(form.getByRole('group', { name: x.monday, exact: true }).getByLabel(x.opens)).toHaveValue(
        '00:00',
      );
      await expectAccessible(page);
      await shot(page, `hours-notice-${lang}-${width}`);
    });
  }
});

test.describe('nothing cut off at 1440 px', () => {
  for (const [lang, width, history] of [
    ['bs', 1440, 'Historija obećanja i procjene'],
    ['en', 1440, 'History of the promise and prediction'],
    ['bs', 360, 'Historija obećanja i procjene'],
  ] as const) {
    test(`the order page's ETA history shows every column (${lang}, ${width})`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      const api = await apiAs(request, ACCOUNTS.admin);
      const orders = await answer(api.GET('/api/orders', { params: { query: { status: 'in_delivery' } } }));
      const id = orders.data[0]?.id;
      if (!id) throw new Error('The demo data has no order in delivery.');
      await signInAs(page, 'admin', { lang, path: `/orders/${id}` });
      const table = page.getByRole('region', { name: history });
      await expect(table).toBeVisible({ timeout: READY });
      const fits = () => table.evaluate((el) => el.scrollWidth <= el.clientWidth);
      // On the desktop the five columns fit; a phone scrolls the table sideways (a focusable region).
      if (width === 1440) expect(await fits()).toBe(true);
      else expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectAccessible(page);
      await shot(page, `order-eta-${lang}-${width}`);
    });
  }
});
