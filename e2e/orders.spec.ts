import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  ACCOUNTS,
  answer,
  apiAs,
  dateField,
  expect,
  expectAccessible,
  expectDate,
  fillDate,
  pick,
  placeOrder,
  signInAs,
  test,
} from './fixtures';

async function openAs(browser: Browser, role: 'restaurant_manager' | 'dispatcher', path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const session = await signInAs(page, role, { lang: 'en', path });
  return { page, session, context };
}

const liveMark = (page: Page) => page.getByRole('status').getByText('Live', { exact: true });

/** One free driver on shift, seen a second ago beside the restaurant (fresher than any other). */
async function freshFreeDriver(request: APIRequestContext) {
  const admin = await apiAs(request, ACCOUNTS.admin);
  const { data } = await answer(admin.GET('/api/drivers', { params: { query: { per_page: 100 } } }));
  const free = data.find((d) => d.is_active && (d.state === 'available' || d.state === 'off_shift'));
  if (!free) throw new Error('no free driver left');
  const driver = await apiAs(request, free.email, true);
  expect([200, 409]).toContain((await driver.POST('/api/driver/shift/start')).response.status);
  const located = driver.POST('/api/driver/locations', {
    body: {
      points: [{ lat: 43.8587, lng: 18.4187, recorded_at: new Date(Date.now() - 1000).toISOString() }],
    },
  });
  await answer(located, 200);
}

test.describe('orders live flow', () => {
  test('a new order appears without a reload; the kitchen accepts and readies it, the dispatcher assigns, unassigns and cancels', async ({
    browser,
    request,
  }) => {
    const kitchen = await openAs(browser, 'restaurant_manager', '/restaurant-active-orders');
    const dispatch = await openAs(browser, 'dispatcher', '/active-orders');
    await expect(kitchen.page.getByRole('heading', { name: 'Active orders' })).toBeVisible();
    await expect(liveMark(kitchen.page)).toBeVisible();
    await expect(liveMark(dispatch.page)).toBeVisible();
    await expectAccessible(kitchen.page);

    const restaurantId = kitchen.session.user.restaurant_id;
    if (restaurantId === null) throw new Error('The manager has no restaurant');
    const order = await placeOrder(request, restaurantId, { quantity: 2, note: 'E2E' });

    // The kitchen: the order in the New lane, highlighted, counted in the banner; no toast per order.
    await kitchen.page.getByRole('tab', { name: /^New/ }).click();
    const kitchenRow = kitchen.page.getByRole('row', { name: new RegExp(order.order_number) });
    await expect(kitchenRow).toBeVisible();
    await expect(kitchenRow).toContainText('New');
    await expect(kitchen.page.getByRole('status').getByRole('button', { name: /New: \d+/ })).toBeVisible();
    await expect(kitchen.page.locator('.Toastify__toast')).toHaveCount(0);
    await expect(kitchenRow).toContainText('Created');
    // The kitchen may not cancel: only its own moves are offered.
    await kitchenRow.getByRole('button', { name: `More actions for ${order.order_number}` }).click();
    await expect(kitchen.page.getByRole('menuitem', { name: 'Cancel order' })).toHaveCount(0);
    await expect(kitchen.page.getByRole('menuitem', { name: 'Decline' })).toBeVisible();
    await kitchen.page.keyboard.press('Escape');

    // The dispatcher finds it by part of its number.
    await dispatch.page.getByLabel('Search orders').fill(order.order_number.slice(-5));
    const dispatchRow = dispatch.page.getByRole('row', { name: new RegExp(order.order_number) });
    await expect(dispatchRow).toBeVisible();
    await expect(dispatchRow).toContainText('Created');

    await kitchenRow.getByRole('button', { name: `Accept ${order.order_number}` }).click();
    await expect(kitchen.page.getByText(`Order ${order.order_number}: Preparing`)).toBeVisible();
    await expect(dispatchRow).toContainText('Preparing');
    await kitchen.page.getByRole('tab', { name: /^Preparing/ }).click();
    await kitchenRow.getByRole('button', { name: `Ready ${order.order_number}` }).click();
    await expect(dispatchRow).toContainText('Ready for pickup');

    // Assign: the dialog ranks the drivers; the first (fittest) is free, and the assignment is confirmed.
    // A fresh location outranks a stale one: earlier specs leave drivers fresh and busy, so a free driver
    // is seen beside the restaurant just now.
    await freshFreeDriver(dispatch.page.request);
    await expectAccessible(dispatch.page);
    await dispatchRow.getByRole('button', { name: `Assign a driver to ${order.order_number}` }).click();
    const assignDialog = dispatch.page.getByRole('dialog', {
      name: new RegExp(`Assign a driver to ${order.order_number}`),
    });
    const first = assignDialog.getByRole('radio').first();
    await expect(first).toBeVisible();
    const firstLabel = (await assignDialog.locator('label').first().innerText()).split('\n');
    const driverName = firstLabel[0]?.trim() ?? '';
    await expect(assignDialog.locator('label').first()).toContainText('Available');
    await expectAccessible(dispatch.page);
    await first.check();
    await assignDialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(
      dispatch.page.getByText(`Driver ${driverName} assigned to ${order.order_number}`),
    ).toBeVisible();
    await expect(dispatchRow).toContainText(driverName);

    // Details: unassign with confirmation.
    await dispatchRow.getByRole('link', { name: order.order_number }).click();
    await expect(dispatch.page.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
    const driverCard = dispatch.page.getByRole('region', { name: 'Driver' });
    await expect(driverCard).toContainText(driverName);
    await expectAccessible(dispatch.page);
    await driverCard.getByRole('button', { name: 'Unassign' }).click();
    const unassign = dispatch.page.getByRole('dialog', { name: 'Unassign driver' });
    await unassign.getByRole('button', { name: 'Unassign' }).click();
    await expect(dispatch.page.getByText('Driver unassigned')).toBeVisible();
    await expect(driverCard).toContainText('No driver');

    // Cancel: confirmation with a required reason.
    await dispatch.page.getByRole('button', { name: 'Cancel order' }).click();
    const cancel = dispatch.page.getByRole('dialog', { name: 'Cancel order' });
    await cancel.getByRole('button', { name: 'Cancel order' }).click();
    await expect(cancel.getByText('Give a reason')).toBeVisible();
    await cancel.getByLabel('Reason').fill('Customer called to cancel');
    await cancel.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dispatch.page.getByText('Order cancelled')).toBeVisible();
    const history = dispatch.page.getByRole('region', { name: 'Status history' });
    await expect(history).toContainText('Reason: Customer called to cancel');
    await expect(history).toContainText('Preparing');
    await expect(dispatch.page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

    // The cancelled order leaves the kitchen's active board, live.
    await expect(kitchenRow).toHaveCount(0);

    await kitchen.context.close();
    await dispatch.context.close();
  });

  test('the kitchen declines with a reason, in Bosnian', async ({ page, request }) => {
    const session = await signInAs(page, 'restaurant_employee', { path: '/restaurant-active-orders' });
    await expect(page.getByRole('heading', { name: 'Aktivne narudžbe' })).toBeVisible();
    await expect(page.getByRole('status').getByText('Uživo', { exact: true })).toBeVisible();
    const order = await placeOrder(request, session.user.restaurant_id ?? 0, { quantity: 2, note: 'E2E' });
    await page.getByRole('tab', { name: /^Nove/ }).click();
    const row = page.getByRole('row', { name: new RegExp(order.order_number) });
    await expect(row).toBeVisible();
    await expect(page.getByRole('status').getByRole('button', { name: /Nove: \d+/ })).toBeVisible();
    await row.getByRole('button', { name: `Još radnji za ${order.order_number}` }).click();
    await page.getByRole('menuitem', { name: 'Odbij' }).click();
    const dialog = page.getByRole('dialog', { name: 'Odbijanje narudžbe' });
    await dialog.getByRole('button', { name: 'Odbij' }).click();
    await expect(dialog.getByText('Navedite razlog')).toBeVisible();
    await dialog.getByLabel('Razlog').fill('Nema sastojaka');
    await dialog.getByRole('button', { name: 'Odbij' }).click();
    await expect(page.getByText(`Narudžba ${order.order_number}: Odbijena`)).toBeVisible();
    await expect(row).toHaveCount(0);

    // Its own all-orders list has it, declined; the details are open to the restaurant.
    await page.getByRole('link', { name: 'Sve narudžbe' }).click();
    await page.getByLabel('Pretraži narudžbe').fill(order.order_number);
    const listed = page.getByRole('row', { name: new RegExp(order.order_number) });
    await expect(listed).toContainText('Odbijena');
    await expectAccessible(page);
    await listed.getByRole('link', { name: order.order_number }).click();
    await expect(page.getByRole('heading', { name: `Narudžba ${order.order_number}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Historija statusa' })).toContainText('Nema sastojaka');
  });
});

test.describe('all orders (Admin)', () => {
  test('filters kept in the URL, and the CSV export of the filtered set', async ({ page, request }) => {
    await signInAs(page, 'admin', { lang: 'bs', path: '/orders' });
    const grid = page.getByRole('grid', { name: 'Sve narudžbe' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Status').selectOption({ label: 'Otkazana' });
    await expect(page).toHaveURL(/status=cancelled/);
    await pick(page, 'Restoran', 'Željo', 'Ćevabdžinica Željo');
    await expect(page).toHaveURL(/status=cancelled.*restaurant_id=\d+|restaurant_id=\d+.*status=cancelled/);
    const rows = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
    // Every row shown, once the new page replaced the old one (whose first row may match by chance).
    // Rows the grid keeps empty while virtualizing are left out.
    await expect
      .poll(async () => {
        const texts = (await rows.allTextContents()).filter((text) => text.trim() !== '');
        return (
          texts.length > 0 &&
          texts.every((text) => text.includes('Otkazana') && text.includes('Ćevabdžinica Željo'))
        );
      })
      .toBe(true);

    // A reload keeps the view.
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('cancelled');
    await expect(grid.getByRole('row').nth(1)).toContainText('Otkazana');

    const url = new URL(page.url());
    // The page's own filters, as its URL carries them (one row: only the total matters).
    const admin = await apiAs(request, ACCOUNTS.admin);
    const list = admin.GET('/api/orders', {
      querySerializer: () => `${url.searchParams.toString()}&per_page=1`,
    });
    const total = (await answer(list)).meta.total;

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Izvezi CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    // A UTF-8 byte-order mark first: spreadsheet programs then read Ćevabdžinica Željo as such.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'order_number,created_at,status,restaurant,buyer,driver,quantity,payment_method,restaurant_amount,delivery_costs,restaurant_total_amount,total,delivered_at,zone',
    );
    expect(lines.length - 1).toBe(total);
    // Times as the operation's wall clock, in the form spreadsheets read.
    for (const line of lines.slice(1))
      expect(line).toMatch(/^D\d+,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},cancelled,Ćevabdžinica Željo,/);

    // The same rows as a spreadsheet.
    const downloadingXlsx = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Izvezi Excel (.xlsx)' }).click();
    const xlsx = await downloadingXlsx;
    expect(xlsx.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await xlsx.path())) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.rowCount).toBe(total + 1);
    expect(sheet?.getRow(2).getCell(4).value).toBe('Ćevabdžinica Željo');
    expect(sheet?.getRow(2).getCell(2).value).toBeInstanceOf(Date);

    // English, and a search by order number.
    await page.getByRole('button', { name: 'Jezik' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'All orders' })).toBeVisible();
    const gridEn = page.getByRole('grid', { name: 'All orders' });
    const first = (await gridEn.getByRole('row').nth(1).getByRole('link').innerText()).trim();
    await page.getByLabel('Search orders').fill(first);
    await expect(page).toHaveURL(new RegExp(`q=${first}`));
    await expect(gridEn.getByRole('row')).toHaveCount(2);
    await expect(gridEn.getByRole('row').nth(1)).toContainText('Cancelled');
  });

  test('a quick range writes the period into the URL; a reversed one says so; the dates follow the language', async ({
    page,
  }) => {
    await signInAs(page, 'admin', { lang: 'bs', path: '/orders' });
    const grid = page.getByRole('grid', { name: 'Sve narudžbe' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    // Last month on the operation's clock (Europe/Sarajevo).
    const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sarajevo' })
      .format(new Date())
      .split('-')
      .map(Number) as [number, number];
    const first = new Date(Date.UTC(year, month - 2, 1));
    const last = new Date(Date.UTC(year, month - 1, 0));
    const iso = (date: Date) => date.toISOString().slice(0, 10);
    const shown = (date: Date) => iso(date).split('-').reverse().join('.');

    const quick = page.getByLabel('Brzi odabir', { exact: true });
    await quick.selectOption({ label: 'Prošli mjesec' });
    await expect(page).toHaveURL(new RegExp(`from=${iso(first)}`));
    await expect(page).toHaveURL(new RegExp(`to=${iso(last)}`));
    await expectDate(dateField(page, 'Od'), `${shown(first)}.`);
    await expectDate(dateField(page, 'Do'), `${shown(last)}.`);
    await page.reload();
    await expect(quick).toHaveValue('last_month');
    await expectAccessible(page);

    // An end before the start: the shared message under "Do", and the select says "chosen dates".
    await fillDate(dateField(page, 'Do'), iso(new Date(first.getTime() - 86_400_000)));
    await expect(dateField(page, 'Do')).toHaveAccessibleDescription(
      'Početak perioda ne smije biti nakon njegovog kraja',
    );
    await expect(quick).toHaveValue('');

    // In English the same day reads dd/MM/yyyy, whatever the browser's locale (bs-BA here).
    await page.getByRole('button', { name: 'Jezik' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expectDate(dateField(page, 'From'), shown(first).replaceAll('.', '/'));
    await expect(dateField(page, 'To')).toHaveAccessibleDescription(
      'The start of the period must not be after its end',
    );
  });

  test('a restaurant role cannot open All orders', async ({ page }) => {
    await signInAs(page, 'restaurant_manager', { lang: 'en', path: '/orders' });
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  });
});
