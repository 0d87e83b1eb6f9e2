import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, apiAs, expect, expectAccessible, signInAs, test } from './fixtures';

/**
 * Delivery zones (issue 37): an Admin draws a zone on the map with Geoman, edits it (a vertex moved,
 * its name) and deletes it; the quote simulator prices a point and refuses one inside an exclusion;
 * an order outside every service area is refused saying why. English at 1440 px, Bosnian at 360 px.
 */
const texts = {
  en: {
    title: 'Delivery zones',
    draw: 'Draw a zone',
    finish: 'Finish',
    newZone: 'New zone',
    name: 'Name',
    save: 'Save zone',
    saved: 'Zone saved',
    edit: (name: string) => `Edit ${name}`,
    del: (name: string) => `Delete ${name}`,
    confirm: 'Confirm',
    deleted: 'Zone deleted',
    shape: /^4 points, 0 holes$/,
    simulator: 'Quote simulator',
    restaurant: 'Restaurant',
    lat: 'Latitude',
    lng: 'Longitude',
    simulate: 'Simulate',
    fee: 'Delivery fee',
    base: 'Base fee',
    refused: 'We do not deliver to this address: it lies in an area excluded from delivery.',
    outside: 'We do not deliver to this address: it is outside every delivery area.',
    global: 'The whole operation',
    editRule: 'Edit',
    baseFee: 'Base fee (KM)',
    cancel: 'Cancel',
    area: 'Delivery area',
    areaZone: 'Inside the zone Sarajevo',
    saveArea: 'Save area',
  },
  bs: {
    title: 'Zone dostave',
    draw: 'Nacrtaj zonu',
    finish: 'Završi',
    newZone: 'Nova zona',
    name: 'Naziv',
    save: 'Sačuvaj zonu',
    saved: 'Zona je sačuvana',
    edit: (name: string) => `Uredi ${name}`,
    del: (name: string) => `Obriši ${name}`,
    confirm: 'Potvrdi',
    deleted: 'Zona je obrisana',
    shape: /^4 tačaka, 0 rupa$/,
    simulator: 'Simulator ponude',
    restaurant: 'Restoran',
    lat: 'Geografska širina',
    lng: 'Geografska dužina',
    simulate: 'Simuliraj',
    fee: 'Cijena dostave',
    base: 'Osnovna cijena',
    refused: 'Ne dostavljamo na ovu adresu: nalazi se u području isključenom iz dostave.',
    outside: 'Ne dostavljamo na ovu adresu: izvan je svih područja dostave.',
    global: 'Cijela služba',
    editRule: 'Uredi',
    baseFee: 'Osnovna cijena (KM)',
    cancel: 'Odustani',
    area: 'Područje dostave',
    areaZone: 'Unutar zone Sarajevo',
    saveArea: 'Sačuvaj područje',
  },
} as const;

/** Clicks the map at fractions of its size (Geoman places a vertex on each click). */
async function clickMap(page: Page, map: Locator, points: [number, number][]) {
  const box = await map.boundingBox();
  if (!box) throw new Error('The map has no box.');
  for (const [x, y] of points) await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
}

for (const [lang, width] of [
  ['en', 1440],
  ['bs', 360],
] as const) {
  test(`zones in ${lang} at ${width}px: draw, edit and delete a zone; the simulator; a refused order`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const x = texts[lang];
    const name = `E2E ${lang} ${Date.now() % 100_000}`;
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'admin', { lang, path: '/zones' });
    await expect(page.getByRole('heading', { name: x.title, level: 1 })).toBeVisible();
    const map = page.getByRole('region', {
      name: lang === 'en' ? 'Map of delivery zones' : 'Karta zona dostave',
    });
    await expect(map.locator('.leaflet-interactive').first()).toBeVisible();
    await expectAccessible(page);

    // Draw: Geoman's polygon tool, four corners, back to the first to close it.
    await page.getByRole('button', { name: x.draw }).click();
    // Below the toolbar's row: its actions (finish, cancel) open beside the tool.
    await clickMap(page, map, [
      [0.45, 0.6],
      [0.8, 0.6],
      [0.8, 0.85],
      [0.45, 0.85],
    ]);
    await page.getByRole('button', { name: x.finish }).click();
    await expect(page.getByRole('heading', { name: x.newZone })).toBeVisible();
    await expect(page.getByText(x.shape)).toBeVisible();
    await page.getByLabel(x.name).fill(name);
    await expectAccessible(page);
    await page.getByRole('button', { name: x.save }).click();
    await expect(page.getByText(x.saved).last()).toBeVisible();
    const admin = await apiAs(request, ACCOUNTS.admin);
    const stored = async () => (await admin.GET('/api/zones')).data?.data.find((z) => z.name === name);
    await expect.poll(async () => (await stored())?.kind).toBe('fee_zone');
    const drawn = await stored();

    // Edit: a vertex dragged, the name changed; the stored outline moves.
    await page.getByRole('button', { name: x.edit(name) }).click();
    const vertex = map.locator('.marker-icon:not(.marker-icon-middle)').first();
    await expect(vertex).toBeVisible();
    const at = await vertex.boundingBox();
    if (!at) throw new Error('The vertex has no box.');
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
    await page.mouse.down();
    await page.mouse.move(at.x + at.width / 2 + 25, at.y + at.height / 2 + 25, { steps: 5 });
    await page.mouse.up();
    await page.getByLabel(x.name).fill(`${name} 2`);
    await page.getByRole('button', { name: x.save }).click();
    await expect(page.getByText(x.saved).last()).toBeVisible();
    await expect
      .poll(async () => {
        const edited = (await admin.GET('/api/zones')).data?.data.find((z) => z.id === drawn?.id);
        return edited
          ? JSON.stringify(edited.geometry) !== JSON.stringify(drawn?.geometry) && edited.name
          : null;
      })
      .toBe(`${name} 2`);

    // Delete, confirmed.
    await page.getByRole('button', { name: x.del(`${name} 2`) }).click();
    await expectAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: x.confirm }).click();
    await expect(page.getByText(x.deleted).last()).toBeVisible();
    await expect(page.getByRole('button', { name: x.edit(`${name} 2`) })).toHaveCount(0);

    // The simulator: a point in the city is priced; one on Trebević is refused, saying why.
    await page.goto('/quote-simulator');
    await expect(page.getByRole('heading', { name: x.simulator, level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: x.restaurant }).click();
    await page.getByRole('option', { name: 'Ćevabdžinica Željo' }).click();
    await page.getByLabel(x.lat).fill('43.8607');
    await page.getByLabel(x.lng).fill('18.4262');
    await page.getByRole('button', { name: x.simulate }).click();
    const result = page.getByRole('region', { name: x.fee });
    await expect(result.getByRole('rowheader', { name: x.base })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(x.lat).fill('43.832');
    await page.getByLabel(x.lng).fill('18.46');
    await page.getByRole('button', { name: x.simulate }).click();
    await expect(result.getByRole('alert')).toContainText(x.refused);

    // The customer app: an order outside every service area is refused in the customer's language.
    const customer = await apiAs(request, ACCOUNTS.customer, true);
    const menu = await customer.GET('/api/restaurants/{id}/menu', { params: { path: { id: 1 } } });
    const product = menu.data?.data.categories.flatMap((c) => c.products)[0];
    const refused = await customer.POST('/api/orders', {
      headers: { 'accept-language': lang },
      body: {
        restaurant_id: 1,
        items: [{ product_id: product?.id ?? 0, quantity: 1 }],
        address: 'Daleko 1',
        phone: '+387 61 111 222',
        lat: 44.5,
        lng: 18.4,
        note: null,
        payment: 'cash',
      },
    });
    expect(refused.response.status).toBe(422);
    expect((refused.error as { message?: string } | undefined)?.message).toBe(x.outside);
    await page.screenshot({ path: test.info().outputPath('simulator.png'), fullPage: true });

    // The fee rules: the operation's rule and the outskirts' zone rule, the dialog to set one.
    await page.goto('/fee-rules');
    await expect(page.getByRole('region', { name: x.global })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('region', { name: x.global }).getByRole('button', { name: x.editRule }).click();
    await expect(page.getByRole('dialog', { name: x.global })).toBeVisible();
    await expect(page.getByLabel(x.baseFee)).toHaveValue(lang === 'en' ? '3.00' : '3,00');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('fee-rule.png'), fullPage: true });
    await page.getByRole('dialog').getByRole('button', { name: x.cancel }).click();

    // An order placed with a quote shows its frozen breakdown to the restaurant's staff, who see their
    // delivery area read-only.
    const quoted = await customer.POST('/api/quotes', {
      body: {
        restaurant_id: 1,
        items: [{ product_id: product?.id ?? 0, quantity: 2 }],
        lat: 43.8607,
        lng: 18.4262,
      },
    });
    expect(quoted.response.status).toBe(201);
    const placed = await customer.POST('/api/orders', {
      body: {
        restaurant_id: 1,
        items: [{ product_id: product?.id ?? 0, quantity: 2 }],
        address: 'Ferhadija 5',
        phone: '+387 61 111 222',
        lat: 43.8607,
        lng: 18.4262,
        note: null,
        payment: 'cash',
        quote_id: quoted.data?.data.id ?? undefined,
      },
    });
    expect(placed.response.status).toBe(201);
    await signInAs(page, 'restaurant_manager', { lang, path: `/orders/${placed.data?.data.id}` });
    const fee = page.getByRole('region', { name: x.fee });
    await expect(fee.getByRole('rowheader', { name: x.base })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('order.png'), fullPage: true });
    await page.goto('/restaurant/1');
    const area = page.getByRole('region', { name: x.area });
    await expect(area.getByText(x.areaZone)).toBeVisible();
    await expect(area.getByRole('button', { name: x.saveArea })).toHaveCount(0);
    await expectAccessible(page);
  });
}
