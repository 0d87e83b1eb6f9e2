import {
  answer,
  apiClient,
  dateField,
  expect,
  expectAccessible,
  expectDate,
  signInAs,
  test,
} from './fixtures';

/** Today on the operation's clock (Europe/Sarajevo), as 'YYYY-MM-DD'. */
const sarajevoToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Sarajevo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

test('audit log: a quick range fills both dates, the URL keeps them, and the select names them', async ({
  page,
}) => {
  await signInAs(page, 'admin', { lang: 'bs', path: '/log' });
  const quick = page.getByLabel('Brzi odabir', { exact: true });
  await expect(quick).toHaveValue('');
  await quick.selectOption({ label: 'Danas' });
  const today = sarajevoToday();
  await expect(page).toHaveURL(new RegExp(`from=${today}.*to=${today}|to=${today}.*from=${today}`));
  const [year, month, day] = today.split('-');
  await expectDate(dateField(page, 'Od'), `${day}.${month}.${year}.`);
  await page.reload();
  await expect(page.getByLabel('Brzi odabir', { exact: true })).toHaveValue('today');
  await expectAccessible(page);
});

/** Changes a waiting order's status through the API as Admin; the audit log then holds an entry for it. */
async function acceptAnOrder(page: import('@playwright/test').Page, token: string) {
  const api = apiClient(page.request, token);
  const list = api.GET('/api/orders', { params: { query: { status: 'created', per_page: 1 } } });
  const [order] = (await answer(list)).data;
  if (!order) throw new Error('the demo data has no waiting order');
  const accepted = api.POST('/api/orders/{id}/status', {
    params: { path: { id: order.id } },
    body: { status: 'preparing_order', reason: null },
  });
  await answer(accepted, 200);
  return order;
}

test('audit log: an order is named by its number and links to its page (en, 1440px)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const session = await signInAs(page, 'admin', { lang: 'en', path: '/log?entity=orders' });
  const order = await acceptAnOrder(page, session.access_token);
  await page.reload();
  const grid = page.getByRole('grid', { name: 'Log of staff actions' });
  const row = grid.getByRole('row', { name: new RegExp(`Orders ${order.order_number}`) }).first();
  await expect(row).toBeVisible();
  await expect(grid.getByText(`#${order.id}`)).toHaveCount(0);
  await expectAccessible(page);
  await row.getByRole('button', { name: /Show the details of entry \d+/ }).click();
  await expect(
    page.getByRole('dialog', { name: `Change status · Orders ${order.order_number}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await row.getByRole('link', { name: order.order_number }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await expect(page.getByText(order.order_number).first()).toBeVisible();
});

test('audit log: names and links in Bosnian at 360px; a deleted record is named, not linked', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const session = await signInAs(page, 'admin', { lang: 'bs', path: '/404' });
  const api = apiClient(page.request, session.access_token);
  const version = `9.${Date.now() % 100000}.7`;
  const created = api.POST('/api/app-versions', {
    body: { app_type: 'backend', version, priority: 'low', notes: null },
  });
  const { id } = (await answer(created)).data;
  await api.DELETE('/api/app-versions/{id}', { params: { path: { id } } });
  await page.goto('/log?entity=app_versions');
  // A phone's list is cards (the list kit): one card per entry.
  const list = page.getByRole('list', { name: 'Dnevnik radnji osoblja' });
  const gone = list.getByRole('listitem').filter({ hasText: `backend ${version}` });
  await expect(gone).toHaveCount(2);
  await expect(gone.getByRole('link')).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/log?entity=settlements');
  const settlement = list
    .getByRole('listitem')
    .filter({ hasText: /Obračuni \S/ })
    .first();
  const link = settlement.getByRole('link').first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/settlements\/\d+$/);
});
