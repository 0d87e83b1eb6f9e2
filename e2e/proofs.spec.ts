import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ACCOUNTS,
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
 * Issue 38, proof of delivery: the Admin sets what a delivery needs (a photo at the manager's
 * restaurant), the driver delivers with a photo, the restaurant's manager sees the proof on the order
 * and on its printable sheet. English at 1440 px, Bosnian at 360 px.
 */
const texts = {
  en: {
    settings: 'Proof of delivery',
    needs: 'Every delivery needs',
    nothing: 'Nothing',
    photo: 'Photo',
    add: 'Add restaurant',
    restaurant: 'Restaurant',
    required: 'Required',
    save: 'Save',
    saved: 'Proof rules saved',
    card: 'Proof of delivery',
    image: (n: string) => `Photo of the delivery of order ${n}`,
    print: 'Print proof sheet',
    sheet: (n: string) => `Proof of delivery · order ${n}`,
  },
  bs: {
    settings: 'Dokaz dostave',
    needs: 'Svaka dostava traži',
    nothing: 'Ništa',
    photo: 'Fotografija',
    add: 'Dodaj restoran',
    restaurant: 'Restoran',
    required: 'Potrebno',
    save: 'Sačuvaj',
    saved: 'Pravila dokaza dostave su sačuvana',
    card: 'Dokaz dostave',
    image: (n: string) => `Fotografija dostave narudžbe ${n}`,
    print: 'Štampaj list dokaza',
    sheet: (n: string) => `Dokaz dostave · narudžba ${n}`,
  },
} as const;

const here = path.dirname(fileURLToPath(import.meta.url));

for (const [lang, width] of [
  ['en', 1440],
  ['bs', 360],
] as const) {
  test(`proof of delivery in ${lang} at ${width}px: the rules, the proof on the order, the sheet`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const x = texts[lang];
    await page.setViewportSize({ width, height: 900 });
    const manager = await apiAs(page.request, ACCOUNTS.restaurant_manager);
    const me = await answer(manager.GET('/api/auth/me'));
    const restaurantId = me.data.restaurant_id;
    if (!restaurantId) throw new Error('The demo manager has no restaurant.');
    const restaurantName = (
      await answer(manager.GET('/api/restaurants/{id}', { params: { path: { id: restaurantId } } }))
    ).data.name;

    // The Admin: nothing in general, a photo at the manager's restaurant.
    const admin = await signInAs(page, 'admin', { lang, path: '/proof-settings' });
    const api = apiClient(page.request, admin.access_token);
    await answer(api.PATCH('/api/proof-settings', { body: { default_kind: 'none', restaurants: [] } }));
    await page.reload();
    await expect(page.getByRole('heading', { name: x.settings, level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: x.needs }).selectOption({ label: x.nothing });
    await page.getByRole('button', { name: x.add }).click();
    await page.getByRole('combobox', { name: x.restaurant }).selectOption({ label: restaurantName });
    await page.getByRole('combobox', { name: x.required }).selectOption({ label: x.photo });
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/proofs-settings-${lang}-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: x.save }).click();
    await expect(page.getByText(x.saved)).toBeVisible();
    const saved = await answer(api.GET('/api/proof-settings'));
    expect(saved.data.restaurants).toEqual([
      { restaurant_id: restaurantId, name: restaurantName, kind: 'photo' },
    ]);

    // An order there, on the road with the demo driver, delivered with a photo.
    const order = await placeOrder(page.request, restaurantId);
    const driver = await apiSession(page.request, ACCOUNTS.driver, true);
    const driverSession = apiClient(page.request, driver.access_token);
    await driverSession.POST('/api/driver/shift/start');
    for (const status of ['preparing_order', 'ready_for_pickup'] as const)
      await answer(
        api.POST('/api/orders/{id}/status', {
          params: { path: { id: order.id } },
          body: { status, reason: null },
        }),
      );
    await answer(
      api.POST('/api/orders/{id}/assign', {
        params: { path: { id: order.id } },
        body: { driver_id: driver.user.id, allow_busy: true },
      }),
    );
    const status = (body: object) =>
      driverSession.POST('/api/driver/orders/{id}/status', {
        params: { path: { id: order.id } },
        body: body as never,
      });
    await answer(status({ status: 'in_delivery' }));
    // Without the photo the driver app is refused, in words.
    const refused = await status({ status: 'delivered', proof: { lat: 43.859, lng: 18.425 } });
    expect(refused.response.status).toBe(400);
    const uploaded = await page.request.post('/api/driver/uploads', {
      headers: { Authorization: `Bearer ${driver.access_token}` },
      multipart: {
        file: {
          name: 'door.png',
          mimeType: 'image/png',
          buffer: readFileSync(path.join(here, 'assets', 'dish.png')),
        },
      },
    });
    expect(uploaded.status()).toBe(201);
    const photo = (await uploaded.json()).data as { id: number };
    await answer(status({ status: 'delivered', proof: { photo_id: photo.id, lat: 43.859, lng: 18.425 } }));

    // The restaurant's manager sees the proof on the order.
    await signInAs(page, 'restaurant_manager', { lang, path: `/orders/${order.id}` });
    const card = page.getByRole('region', { name: x.card });
    await expect(card.getByRole('img', { name: x.image(order.order_number) })).toBeVisible();
    await expect(card.getByText(x.photo, { exact: true }).first()).toBeVisible();
    await expectAccessible(page);
    await card.screenshot({ path: `test-results/proofs-order-${lang}-${width}.png` });

    // And on its printable sheet.
    await card.getByRole('link', { name: x.print }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}/proof$`));
    const sheet = page.getByRole('article', { name: x.sheet(order.order_number) });
    await expect(sheet.getByRole('img', { name: x.image(order.order_number) })).toBeVisible();
    await expect(sheet.getByText(restaurantName)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/proofs-sheet-${lang}-${width}.png`, fullPage: true });

    await answer(api.PATCH('/api/proof-settings', { body: { restaurants: [] } }));
  });
}
