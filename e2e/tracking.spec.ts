import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ACCOUNTS, answer, apiAs, expect, expectAccessible, placeOrder, signInAs, test } from './fixtures';

/**
 * The customer's tracking page (issue 39): an order followed from placement to delivery without a
 * reload, at 360 and 1440 px, in Bosnian and English (the browser's language, and the switcher), with
 * axe; then the staff side on the order's page: the link, its rating, the messages, revoking it.
 */

const TEXTS = {
  bs: {
    title: 'Vaša narudžba',
    received: 'Narudžba primljena',
    preparing: 'Kuhinja je priprema',
    driver: (name: string) => `${name} vam donosi narudžbu`,
    heading: 'Dostavljač ide prema vama',
    arrived: /^Stigla u /,
    rate: 'Kako je bilo?',
    star: '4 od 5',
    send: 'Pošalji ocjenu',
    thanks: 'Hvala na ocjeni!',
    gone: 'Ovaj link za praćenje ne radi',
    other: 'en',
    otherTitle: 'Your order',
  },
  en: {
    title: 'Your order',
    received: 'Order received',
    preparing: 'The kitchen is preparing it',
    driver: (name: string) => `${name} is bringing your order`,
    heading: 'The driver is heading to you',
    arrived: /^Arrived at /,
    rate: 'How was it?',
    star: '4 of 5',
    send: 'Send rating',
    thanks: 'Thank you for your rating!',
    gone: 'This tracking link does not work',
    other: 'bs',
    otherTitle: 'Vaša narudžba',
  },
} as const;

/**
 * A restaurant that takes orders at the hour the suite runs (the demo managers' take them around the
 * clock) and has something on its menu (other specs create restaurants with none).
 */
async function openRestaurant(request: APIRequestContext) {
  const admin = await apiAs(request, ACCOUNTS.admin);
  const customer = await apiAs(request, ACCOUNTS.customer, true);
  const restaurants = (await answer(admin.GET('/api/restaurants', { params: { query: { per_page: 100 } } })))
    .data;
  for (const restaurant of restaurants.filter((r) => r.ordering.takes_orders)) {
    const menu = await answer(
      customer.GET('/api/restaurants/{id}/menu', { params: { path: { id: restaurant.id } } }),
      200,
    );
    if (menu.data.categories.some((category) => category.products.length > 0)) return restaurant;
  }
  throw new Error('no restaurant with a menu takes orders now');
}

/** A free driver on shift, seen a moment ago near the drop-off. */
async function freeDriver(request: APIRequestContext, skip: number) {
  const admin = await apiAs(request, ACCOUNTS.admin);
  const { data } = await answer(admin.GET('/api/drivers', { params: { query: { per_page: 100 } } }));
  const free = data.filter((d) => d.is_active && (d.state === 'available' || d.state === 'off_shift'))[skip];
  if (!free) throw new Error('no free driver left');
  const driver = await apiAs(request, free.email, true);
  expect([200, 409]).toContain((await driver.POST('/api/driver/shift/start')).response.status);
  await answer(
    driver.POST('/api/driver/locations', {
      body: { points: [{ lat: 43.8587, lng: 18.4187, recorded_at: new Date().toISOString() }] },
    }),
    200,
  );
  return free;
}

async function customerPage(browser: Browser, width: number, lang: 'bs' | 'en', path: string) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 780 : 900 },
    locale: lang === 'bs' ? 'bs-BA' : 'en-US',
  });
  const page = await context.newPage();
  // No map tiles from outside in a test: the map works without them.
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await page.goto(path);
  return { page, context };
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/tracking-${name}.png`, fullPage: true });

for (const [width, lang] of [
  [360, 'bs'],
  [1440, 'en'],
] as const) {
  test(`a customer follows the order from placement to delivery and rates it (${width} px, ${lang})`, async ({
    browser,
    request,
  }) => {
    const x = TEXTS[lang];
    const restaurant = await openRestaurant(request);
    const order = await placeOrder(request, restaurant.id, { address: 'Ferhadija 12, stan 3, Sarajevo' });
    expect(order.tracking_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // The first answer is in the HTML itself (rendered by the API): heading, restaurant and status
    // arrive with the page, before any script.
    const html = await request.get(`/t/${order.tracking_token}`, { headers: { 'accept-language': lang } });
    expect(html.status()).toBe(200);
    const first = await html.text();
    expect(first).toContain(`<h1 id="order-title">${x.title}</h1>`);
    expect(first).toContain(x.received);
    expect(first).toContain('id="tracking-data"');
    const { page, context } = await customerPage(browser, width, lang, `/t/${order.tracking_token}`);
    // The browser takes that markup over as it is: a mismatch would be logged.
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    await expect(page.getByRole('heading', { name: x.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: x.received, level: 2 })).toBeVisible();
    await expect(page.getByText(restaurant.name)).toBeVisible();
    await expect(page.getByText('Ferhadija', { exact: false })).toBeVisible();
    // Nothing of the customer beyond the street.
    await expect(page.getByText('stan 3')).toHaveCount(0);
    await expect(page.getByText('+387')).toHaveCount(0);
    await expectAccessible(page);

    // The kitchen accepts: the page follows by itself.
    const admin = await apiAs(request, ACCOUNTS.admin);
    const move = (status: 'preparing_order' | 'ready_for_pickup' | 'in_delivery' | 'delivered') =>
      answer(
        admin.POST('/api/orders/{id}/status', {
          params: { path: { id: order.id } },
          body: { status, reason: null },
        }),
        200,
      );
    await move('preparing_order');
    await expect(page.getByRole('heading', { name: x.preparing, level: 2 })).toBeVisible({ timeout: 10_000 });

    // A driver takes it to the customer: first name, vehicle, the map.
    const driver = await freeDriver(request, width === 360 ? 0 : 1);
    await move('ready_for_pickup');
    const dispatcher = await apiAs(request, ACCOUNTS.dispatcher);
    await answer(
      dispatcher.POST('/api/orders/{id}/assign', {
        params: { path: { id: order.id } },
        body: { driver_id: driver.id, allow_busy: true },
      }),
      200,
    );
    await move('in_delivery');
    await expect(page.getByRole('heading', { name: x.driver(driver.first_name) })).toBeVisible({
      timeout: 10_000,
    });
    await expect(page.getByText(x.heading)).toBeVisible();
    await expect(page.locator('.leaflet-container')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(driver.last_name)).toHaveCount(0);
    await shot(page, `${width}-${lang}-on-the-way`);
    await expectAccessible(page);

    // Delivered: the arrival time, the map gone, the rating.
    await move('delivered');
    await expect(page.getByText(x.arrived)).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
    await expect(page.getByText(driver.first_name)).toHaveCount(0);
    const form = page.getByRole('form', { name: x.rate });
    await form.getByRole('radio', { name: x.star }).check({ force: true });
    // Whatever the customer writes is text on the page the server renders, never markup.
    await form.getByRole('textbox').fill('Toplo i brzo </script><img src=x onerror="window.__xss=1">');
    await expectAccessible(page);
    await form.getByRole('button', { name: x.send }).click();
    await expect(page.getByText(x.thanks)).toBeVisible();
    await shot(page, `${width}-${lang}-delivered`);

    // The switcher changes every text without a reload, and the choice is kept.
    await page.getByRole('combobox').selectOption(x.other);
    await expect(page.getByRole('heading', { name: x.otherTitle, level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: x.otherTitle, level: 1 })).toBeVisible();
    await expect(page.getByText('</script><img src=x', { exact: false })).toBeVisible();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(consoleErrors.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);

    // Staff: the link to copy, the rating, the messages (no channel configured here), revoke.
    const staff = await context.browser()?.newContext({ viewport: { width, height: 900 } });
    if (!staff) throw new Error('no browser');
    const staffPage = await staff.newPage();
    await signInAs(staffPage, 'admin', { lang, path: `/orders/${order.id}` });
    const card = staffPage.getByRole('region', {
      name: lang === 'en' ? 'Customer tracking link' : 'Link za praćenje za kupca',
    });
    await expect(card.getByRole('textbox')).toHaveValue(new RegExp(`/t/${order.tracking_token}$`));
    await expect(card.getByText(lang === 'en' ? '4 of 5' : '4 od 5').first()).toBeVisible();
    await expect(card.getByText('Toplo i brzo')).toBeVisible();
    const log = staffPage.getByRole('table', {
      name: lang === 'en' ? 'Messages to the customer' : 'Poruke kupcu',
    });
    await expect(log.getByRole('row')).toHaveCount(4);
    await expect(
      log
        .getByText(
          lang === 'en' ? 'Not sent (no channel configured)' : 'Nije poslano (nijedan kanal nije podešen)',
        )
        .first(),
    ).toBeVisible();
    await shot(staffPage, `${width}-${lang}-staff`);
    await expectAccessible(staffPage);
    // The dashboard lists the restaurant among the rated ones.
    await staffPage.goto('/');
    const ratings = staffPage.getByRole('region', {
      name: lang === 'en' ? 'Customer ratings (last 30 days)' : 'Ocjene kupaca (zadnjih 30 dana)',
    });
    await expect(
      ratings.getByRole('list', { name: lang === 'en' ? 'Restaurants' : 'Restorani' }),
    ).toContainText(restaurant.name);
    await expect(
      ratings.getByRole('list', { name: lang === 'en' ? 'Drivers' : 'Dostavljači' }),
    ).toContainText(driver.first_name);
    await staffPage.goto(`/orders/${order.id}`);
    await card.getByRole('button', { name: lang === 'en' ? 'Revoke link' : 'Opozovi link' }).click();
    const confirm = staffPage.getByRole('dialog');
    await confirm.getByRole('button', { name: lang === 'en' ? 'Revoke link' : 'Opozovi link' }).click();
    await expect(card.getByText(lang === 'en' ? 'No live link' : 'Nema aktivnog linka')).toBeVisible();
    // The customer's page says, kindly, that the link no longer works.
    await page.reload();
    await expect(page.getByRole('heading', { name: TEXTS[x.other].gone })).toBeVisible();
    await expectAccessible(page);
    await staff.close();
    await context.close();
  });
}

test('an unknown link gets the friendly page and the API a 404', async ({ browser, request }) => {
  const html = await request.get(`/t/${'Z'.repeat(32)}`, { headers: { 'accept-language': 'en' } });
  expect(html.status()).toBe(404);
  expect(await html.text()).toContain(TEXTS.en.gone);
  const { page, context } = await customerPage(browser, 360, 'en', `/t/${'Z'.repeat(32)}`);
  await expect(page.getByRole('heading', { name: TEXTS.en.gone })).toBeVisible();
  await expectAccessible(page);
  expect((await request.get(`/api/tracking/${'Z'.repeat(32)}`)).status()).toBe(404);
  await context.close();
});

for (const [width, lang] of [
  [1440, 'en'],
  [360, 'bs'],
] as const) {
  test(`Admin sees the channels, sets the rules and edits a template with a preview (${width} px, ${lang})`, async ({
    page,
  }) => {
    const en = lang === 'en';
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'app_manager', { lang, path: '/notifications' });
    await expect(
      page.getByRole('heading', { name: en ? 'Customer messages' : 'Poruke kupcima', level: 1 }),
    ).toBeVisible();
    // No provider in the test server: the screen says so.
    await expect(
      page.getByText(
        en
          ? 'SMS: not configured — messages are recorded as not sent'
          : 'SMS: nije podešen — poruke se bilježe kao neposlane',
      ),
    ).toBeVisible();
    await expectAccessible(page);

    // Half-given quiet hours: refused under the field, in the language of the screen.
    const rules = page.getByRole('form', { name: en ? 'Rules' : 'Pravila' });
    await rules.getByLabel(en ? 'Quiet hours from' : 'Tihi sati od').fill('22:00');
    await rules.getByRole('button', { name: en ? 'Save' : 'Sačuvaj' }).click();
    await expect(
      rules.getByText(
        en ? 'Give both ends of the quiet hours, or neither' : 'Upišite oba kraja tihih sati ili nijedan',
      ),
    ).toBeVisible();
    await rules.getByLabel(en ? 'Quiet hours until' : 'Tihi sati do').fill('07:00');
    await rules.getByRole('button', { name: en ? 'Save' : 'Sačuvaj' }).click();
    await expect(page.getByText(en ? 'Saved' : 'Sačuvano').first()).toBeVisible();
    await rules.getByLabel(en ? 'Quiet hours from' : 'Tihi sati od').fill('');
    await rules.getByLabel(en ? 'Quiet hours until' : 'Tihi sati do').fill('');
    await rules.getByRole('button', { name: en ? 'Save' : 'Sačuvaj' }).click();

    // A template: an unknown placeholder is refused; the preview fills a sample order; saved.
    const text = page.getByRole('form', { name: en ? 'Text' : 'Tekst' }).getByRole('textbox');
    await text.fill('Narudžba {order_number} za {phone}');
    await page.getByRole('button', { name: en ? 'Preview' : 'Pregled' }).click();
    await expect(
      page.getByText(
        en
          ? 'Only {order_number}, {restaurant}, {minutes} and {link} may be used'
          : 'Dozvoljeni su samo {order_number}, {restaurant}, {minutes} i {link}',
      ),
    ).toBeVisible();
    await text.fill('Narudžba {order_number} iz {restaurant} stiže za {minutes} min');
    await page.getByRole('button', { name: en ? 'Preview' : 'Pregled' }).click();
    await expect(page.getByText('Narudžba D100123 iz Ćevabdžinica Željo stiže za 25 min')).toBeVisible();
    await expectAccessible(page);
    await page
      .getByRole('form', { name: en ? 'Text' : 'Tekst' })
      .getByRole('button', { name: en ? 'Save' : 'Sačuvaj' })
      .click();
    await expect(page.getByText(en ? 'Saved' : 'Sačuvano').first()).toBeVisible();
    await page.screenshot({ path: `test-results/tracking-${width}-${lang}-templates.png`, fullPage: true });
  });
}
