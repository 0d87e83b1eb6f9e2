import type { Page } from '@playwright/test';
import {
  type Answer,
  answer,
  apiClient,
  dateField,
  expect,
  expectAccessible,
  expectDate,
  fillDate,
  signInAs,
  test,
} from './fixtures';

type Dashboard = Answer<'/api/dashboard'>['data'];

type Lang = 'bs' | 'en';
const number = (n: number, lang: Lang) => new Intl.NumberFormat(lang === 'bs' ? 'hr-HR' : 'en-GB').format(n);
const decimal = (n: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'bs' ? 'hr-HR' : 'en-GB', { maximumFractionDigits: 1 }).format(n);
const percent = (rate: number, lang: Lang) => `${decimal(rate * 100, lang)} %`;
const money = (minor: number, lang: Lang) => {
  const en = (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${lang === 'bs' ? en.replace(/[.,]/g, (s) => (s === '.' ? ',' : '.')) : en} KM`;
};

/** The same call the page makes, with the page's own token. */
async function dashboardFromApi(
  page: Page,
  period: Dashboard['period']['name'],
  range?: Pick<Dashboard['period'], 'from' | 'to'>,
) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const api = apiClient(page.request, token ?? undefined);
  return (await answer(api.GET('/api/dashboard', { params: { query: { period, ...range } } }), 200)).data;
}

const T = {
  en: {
    period: 'Period',
    today: 'Orders today',
    week: 'Orders this week',
    month: 'Orders this month',
    earnings: 'Earnings',
    revenue: 'Revenue',
    orders: 'Orders in the period',
    delivered: 'Delivered',
    categories: 'Top categories',
    products: 'Top products',
    drivers: 'Drivers categories',
    heatmap: 'When customers order the most',
    onTime: 'On-time delivery',
    promised: 'Delivered with a promised time',
    onTimeCount: 'On time',
    late: 'Late',
    noPromises: 'No deliveries with a promised time in this period',
    restaurants: 'On time by restaurant',
    best: 'Most punctual',
    lateness: 'Where late orders lose time',
    noLate: 'No late deliveries in this period',
    stages: { kitchen: 'Kitchen', driver: 'Waiting for a driver', road: 'On the road' },
    from: 'From',
    to: 'To',
    periods: {
      today: 'Today',
      yesterday: 'Yesterday',
      this_week: 'This week',
      last_week: 'Last week',
      this_month: 'This month',
      last_month: 'Last month',
      this_year: 'This year',
      custom: 'Custom range',
    },
  },
  bs: {
    period: 'Period',
    today: 'Narudžbe danas',
    week: 'Narudžbe ove sedmice',
    month: 'Narudžbe ovog mjeseca',
    earnings: 'Zarada',
    revenue: 'Promet',
    orders: 'Narudžbe u periodu',
    delivered: 'Dostavljene',
    categories: 'Najprodavanije kategorije',
    products: 'Najprodavaniji proizvodi',
    drivers: 'Kategorije vozača',
    heatmap: 'Kada kupci najviše naručuju',
    onTime: 'Dostava na vrijeme',
    promised: 'Dostavljeno uz obećano vrijeme',
    onTimeCount: 'Na vrijeme',
    late: 'Kasnilo',
    noPromises: 'U ovom periodu nema dostava s obećanim vremenom',
    restaurants: 'Tačnost po restoranima',
    best: 'Najtačniji',
    lateness: 'Gdje zakašnjele narudžbe gube vrijeme',
    noLate: 'U ovom periodu nije bilo zakašnjelih dostava',
    stages: { kitchen: 'Kuhinja', driver: 'Čekanje na vozača', road: 'Na putu' },
    from: 'Od',
    to: 'Do',
    periods: {
      today: 'Danas',
      yesterday: 'Jučer',
      this_week: 'Ova sedmica',
      last_week: 'Prošla sedmica',
      this_month: 'Ovaj mjesec',
      last_month: 'Prošli mjesec',
      this_year: 'Ova godina',
      custom: 'Prilagođeni period',
    },
  },
} as const;

/** Every figure the page shows equals the API's answer for the period. */
async function expectFigures(page: Page, lang: Lang, data: Dashboard) {
  const t = T[lang];
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(region(t.today)).toContainText(number(data.counters.orders_today, lang));
  await expect(region(t.week)).toContainText(number(data.counters.orders_this_week, lang));
  await expect(region(t.month)).toContainText(number(data.counters.orders_this_month, lang));
  const earnings = region(t.earnings);
  await expect(earnings).toContainText(money(data.totals.earnings, lang));
  await expect(earnings).toContainText(`${t.revenue}${money(data.totals.revenue, lang)}`);
  await expect(earnings).toContainText(`${t.orders}${number(data.totals.orders, lang)}`);
  await expect(earnings).toContainText(`${t.delivered}${number(data.totals.delivered, lang)}`);
  const first = data.top_products[0];
  if (first) await expect(region(t.products).getByRole('listitem').first()).toContainText(first.name);
  const category = data.top_categories[0];
  if (category) await expect(region(t.categories).getByRole('listitem').first()).toContainText(category.name);
  // On time: the rate and its counts, the most punctual restaurant first, lateness by stage.
  const onTime = region(t.onTime);
  const restaurants = region(t.restaurants);
  if (data.on_time.rate === null) {
    await expect(onTime).toContainText(t.noPromises);
    await expect(restaurants).toContainText(t.noPromises);
  } else {
    await expect(onTime).toContainText(percent(data.on_time.rate, lang));
    await expect(onTime).toContainText(`${t.promised}${number(data.on_time.promised, lang)}`);
    await expect(onTime).toContainText(`${t.onTimeCount}${number(data.on_time.on_time, lang)}`);
    await expect(onTime).toContainText(`${t.late}${number(data.on_time.late, lang)}`);
    const best = data.on_time_restaurants.best[0];
    const table = restaurants.getByRole('table', { name: t.best });
    if (best)
      await expect(table.getByRole('row').nth(1)).toContainText(`${best.name}${percent(best.rate, lang)}`);
  }
  const lateness = region(t.lateness);
  if (data.lateness.late_orders === 0) await expect(lateness).toContainText(t.noLate);
  else
    for (const stage of data.lateness.stages)
      await expect(lateness.getByRole('listitem').filter({ hasText: t.stages[stage.stage] })).toContainText(
        `${decimal(stage.average_minutes, lang)} min`,
      );
}

for (const lang of ['en', 'bs'] as const) {
  test(`dashboard (Admin, ${lang}): every period shows what the API counts`, async ({ page }) => {
    // Eight periods, each compared with the API widget by widget.
    test.setTimeout(120_000);
    const t = T[lang];
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'admin', { lang });
    const period = page.getByLabel(t.period, { exact: true });
    await expect(period).toHaveValue('this_month');
    await expectFigures(page, lang, await dashboardFromApi(page, 'this_month'));
    await expect(page.getByRole('region', { name: t.drivers })).toContainText(
      lang === 'en' ? 'Scooter' : 'Skuter',
    );
    const heat = page.getByRole('region', { name: t.heatmap }).first();
    await expect(heat.getByRole('cell')).toHaveCount(7 * 24);
    await expectAccessible(page);

    for (const name of ['today', 'yesterday', 'this_week', 'last_week', 'last_month', 'this_year'] as const) {
      await period.selectOption({ label: t.periods[name] });
      await expect(page).toHaveURL(new RegExp(`period=${name}`));
      await expectFigures(page, lang, await dashboardFromApi(page, name));
    }

    // A custom range: the dates are kept in the URL and a reload restores them.
    await period.selectOption({ label: t.periods.custom });
    await fillDate(dateField(page, t.from), '2026-10-01');
    await fillDate(dateField(page, t.to), '2026-10-31');
    await expect(page).toHaveURL(
      /period=custom&from=2026-10-01&to=2026-10-31|from=2026-10-01.*to=2026-10-31/,
    );
    const custom = await dashboardFromApi(page, 'custom', { from: '2026-10-01', to: '2026-10-31' });
    expect(custom.period.granularity).toBe('day');
    await expectFigures(page, lang, custom);
    await expect(
      page.getByText(lang === 'bs' ? '01.10.2026. – 31.10.2026.' : '1 Oct 2026 – 31 Oct 2026'),
    ).toBeVisible();
    await page.reload();
    // The date inputs follow the language: bs 01.10.2026., en 01/10/2026 (whatever the browser's locale).
    await expectDate(dateField(page, t.from), lang === 'bs' ? '01.10.2026.' : '01/10/2026');
    await expectDate(dateField(page, t.to), lang === 'bs' ? '31.10.2026.' : '31/10/2026');
    await expectFigures(page, lang, custom);
    // An end before the start says so where the figures were, instead of calling the API.
    await fillDate(dateField(page, t.to), '2026-09-01');
    const reversed =
      lang === 'bs'
        ? 'Početak perioda ne smije biti nakon njegovog kraja'
        : 'The start of the period must not be after its end';
    await expect(page.getByRole('alert').filter({ hasText: reversed })).toBeVisible();
    await expect(page.getByRole('region', { name: t.today, exact: true })).toHaveCount(0);
    // A range longer than a year asks for a shorter one.
    await fillDate(dateField(page, t.from), '2024-01-01');
    await fillDate(dateField(page, t.to), '2026-10-31');
    await expect(
      page.getByRole('alert').filter({
        hasText: lang === 'bs' ? 'Odaberite raspon od 1 do 366 dana' : 'Choose a range of 1 to 366 days',
      }),
    ).toBeVisible();
    await expectAccessible(page);
  });
}

test('dashboard at 360px: cards stack and the heat map scrolls inside its box', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAs(page, 'admin', { lang: 'bs', path: '/?period=this_week' });
  const data = await dashboardFromApi(page, 'this_week');
  await expectFigures(page, 'bs', data);
  const today = await page.getByRole('region', { name: 'Narudžbe danas', exact: true }).boundingBox();
  const week = await page.getByRole('region', { name: 'Narudžbe ove sedmice', exact: true }).boundingBox();
  expect(week && today && week.y > today.y).toBe(true);
  await expect(page.getByRole('region', { name: 'Gdje zakašnjele narudžbe gube vrijeme' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Tačnost po restoranima' }).getByRole('table', { name: 'Najtačniji' }),
  ).toBeVisible();
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(360);
  const scroller = page.getByRole('region', { name: 'Kada kupci najviše naručuju' }).last();
  const widths = await scroller.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(widths[0]).toBeGreaterThan(widths[1] ?? 0);
  await expect(page.getByRole('cell', { name: /^Petak, 19:00: narudžbi \d+/ })).toHaveCount(1);
  await expectAccessible(page);
});

test('the restaurant manager sees the dashboard of their own restaurant', async ({ page }) => {
  const session = await signInAs(page, 'restaurant_manager', { lang: 'en', path: '/?period=last_month' });
  const restaurant_id = session.user.restaurant_id;
  if (restaurant_id === null) throw new Error('The demo restaurant manager has no restaurant.');
  const api = apiClient(page.request, session.access_token);
  const { name } = (
    await answer(api.GET('/api/restaurants/{id}', { params: { path: { id: restaurant_id } } }))
  ).data;
  await expect(page.getByText(`Figures of ${name} only`)).toBeVisible();
  const data = await dashboardFromApi(page, 'last_month');
  await expectFigures(page, 'en', data);
  for (const product of data.top_products) expect(product.restaurant).toBe(name);
  // On time: their own restaurant only.
  expect(data.on_time_restaurants.best.map((r) => r.name)).toEqual([name]);
  expect(data.on_time_restaurants.worst).toEqual([]);
  const admin = await signInAs(page, 'admin', { lang: 'en', path: '/?period=last_month' });
  expect(admin.user.role).toBe('admin');
  const all = await dashboardFromApi(page, 'last_month');
  expect(all.totals.orders).toBeGreaterThan(data.totals.orders);
  await signInAs(page, 'restaurant_manager', { lang: 'en', path: '/?period=last_month' });
  await expectFigures(page, 'en', data);
  await expectAccessible(page);
});

test('the dispatcher has no dashboard; the API refuses it too', async ({ page }) => {
  const session = await signInAs(page, 'dispatcher', { lang: 'en' });
  await expect(page).toHaveURL(/\/active-orders$/);
  const { response } = await apiClient(page.request, session.access_token).GET('/api/dashboard');
  expect(response.status).toBe(403);
});

test('header search: an order number found and opened with the keyboard, kinds under their headings', async ({
  page,
}) => {
  const session = await signInAs(page, 'admin', { lang: 'en' });
  const api = apiClient(page.request, session.access_token);
  const [order] = (await answer(api.GET('/api/orders', { params: { query: { per_page: 1 } } }))).data;
  expect(order).toBeTruthy();
  if (!order) return;
  await page.getByRole('button', { name: 'Search' }).click();
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill(order.order_number);
  const list = page.getByRole('listbox');
  await expect(list.getByText('Orders', { exact: true })).toBeVisible();
  await expect(list.getByRole('option').first()).toContainText(order.order_number);
  await expectAccessible(page);
  await box.press('ArrowDown');
  await box.press('ArrowUp');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));

  // Escape closes the search; in Bosnian the kinds get their Bosnian headings.
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('combobox', { name: 'Search' }).press('Escape');
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveCount(0);
  await signInAs(page, 'admin', { lang: 'bs' });
  await page.getByRole('button', { name: 'Pretraga' }).click();
  await page.getByRole('combobox', { name: 'Pretraga' }).fill('Mala');
  await expect(page.getByRole('listbox').getByText('Restorani', { exact: true })).toBeVisible();
});

// Search finds what people type: part of an order number in any case, names without their accents.
for (const { width, lang, label } of [
  { width: 1440, lang: 'en', label: 'Search' },
  { width: 360, lang: 'bs', label: 'Pretraga' },
] as const) {
  test(`header search at ${width} px (${lang}): part of a number, names without accents`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    const session = await signInAs(page, 'admin', { lang });
    const api = apiClient(page.request, session.access_token);
    const [order] = (
      await answer(api.GET('/api/orders', { params: { query: { per_page: 1, sort: '-order_number' } } }))
    ).data;
    if (!order) throw new Error('the demo data has orders');
    await page.getByRole('button', { name: label }).click();
    const box = page.getByRole('combobox', { name: label });
    const options = page.getByRole('listbox').getByRole('option');
    // Lower case without the last digit ("d10199"), and the last four digits ("0199").
    for (const part of [order.order_number.slice(0, -1).toLowerCase(), order.order_number.slice(-4)]) {
      await box.fill(part);
      await expect(options.filter({ hasText: order.order_number })).toBeVisible();
    }
    await box.fill('zeljo');
    await expect(options.filter({ hasText: 'Ćevabdžinica Željo' }).first()).toBeVisible();
    await box.fill('HADZIC');
    await expect(options.filter({ hasText: 'Adnan Hadžić' }).first()).toBeVisible();
    await expectAccessible(page);
  });
}
