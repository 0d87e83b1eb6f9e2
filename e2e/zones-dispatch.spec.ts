import { ACCOUNTS, answer, apiAs, expect, expectAccessible, placeOrder, signInAs, test } from './fixtures';

/**
 * Delivery zones for the operation (issue 37): the dispatcher filters the board and the drivers map
 * by zone (kept in the URL), the map draws the zones faintly, the dashboard breaks the period down by
 * zone, and the fee rule dialog says under each input (a band's amount too) what is wrong. English at
 * 1440 px, Bosnian at 360 px.
 */
const texts = {
  en: {
    zone: 'Zone',
    allZones: 'All zones',
    byZone: 'By delivery zone',
    global: 'The whole operation',
    editRule: 'Edit',
    baseFee: 'Base fee (KM)',
    bandAmount: 'Amount (KM)',
    bandUpTo: 'Up to (m)',
    save: 'Save rule',
    cancel: 'Cancel',
    notAmount: 'Enter an amount',
    ascending: 'Each distance band must end farther than the one before',
    ordersTab: 'Orders',
  },
  bs: {
    zone: 'Zona',
    allZones: 'Sve zone',
    byZone: 'Po zonama dostave',
    global: 'Cijela služba',
    editRule: 'Uredi',
    baseFee: 'Osnovna cijena (KM)',
    bandAmount: 'Iznos (KM)',
    bandUpTo: 'Do (m)',
    save: 'Sačuvaj pravilo',
    cancel: 'Odustani',
    notAmount: 'Unesite iznos',
    ascending: 'Svaki pojas udaljenosti mora završiti dalje od prethodnog',
    ordersTab: 'Narudžbe',
  },
} as const;

/** Ilidža: the demo's fee zone inside the city, in the first restaurant's reach. */
const ILIDZA = { lat: 43.845, lng: 18.313 };

for (const [lang, width] of [
  ['en', 1440],
  ['bs', 360],
] as const) {
  test(`zones for dispatch in ${lang} at ${width}px: the board and the map by zone, the dashboard, the fee rule's errors`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const x = texts[lang];
    await page.setViewportSize({ width, height: 900 });
    const admin = await apiAs(request, ACCOUNTS.admin);
    const zones = (await answer(admin.GET('/api/zones'), 200)).data;
    const ilidza = zones.find((z) => z.name === 'Ilidža i okolina');
    const city = zones.find((z) => z.name === 'Sarajevo');
    if (!ilidza || !city) throw new Error('The demo zones are missing.');
    const order = await placeOrder(request, 1, { ...ILIDZA, quantity: 12, address: 'Butmirska cesta 10' });

    // The board filtered by the zone the URL names: the Ilidža order is there; Sarajevo's board has it not.
    await signInAs(page, 'dispatcher', { lang, path: `/active-orders?zone_id=${ilidza.id}` });
    const filter = page.getByRole('combobox', { name: x.zone });
    await expect(filter).toHaveValue(String(ilidza.id));
    await expect(page.getByText(order.order_number).first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('board-by-zone.png'), fullPage: true });
    await filter.selectOption({ label: 'Sarajevo' });
    await expect(page).toHaveURL(new RegExp(`zone_id=${city.id}`));
    await expect(page.getByText(order.order_number)).toHaveCount(0);
    await filter.selectOption({ label: x.allZones });
    await expect(page).not.toHaveURL(/zone_id=/);

    // The drivers map by zone: the zones drawn under the markers, the zone's orders in the list.
    await page.goto(`/drivers-location?zone_id=${ilidza.id}&tab=orders`);
    await expect(page.getByRole('combobox', { name: x.zone })).toHaveValue(String(ilidza.id));
    // Three active demo zones, each a faint outline in Leaflet's overlay pane.
    await expect.poll(() => page.locator('.leaflet-overlay-pane path').count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('tab', { name: new RegExp(x.ordersTab) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText(order.order_number).first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('map-by-zone.png'), fullPage: true });
    await page.getByRole('combobox', { name: x.zone }).selectOption({ label: 'Sarajevo' });
    await expect(page).toHaveURL(new RegExp(`zone_id=${city.id}`));
    await expect(page.getByText(order.order_number)).toHaveCount(0);

    // The dashboard by zone (Admins): the zone with the order just placed.
    await signInAs(page, 'admin', { lang, path: '/?period=today' });
    const byZone = page.getByRole('region', { name: x.byZone, exact: true });
    await expect(byZone.getByRole('row', { name: /Ilidža i okolina/ })).toBeVisible();
    await expect(byZone.getByRole('row', { name: /Sarajevo/ }).first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('dashboard-by-zone.png'), fullPage: true });

    // The fee rule dialog: what is wrong is said under its input, a band's too; nothing is saved.
    await page.goto('/fee-rules');
    await page.getByRole('region', { name: x.global }).getByRole('button', { name: x.editRule }).click();
    const dialog = page.getByRole('dialog', { name: x.global });
    await dialog.getByLabel(x.baseFee).fill('tri');
    await dialog.getByLabel(x.bandAmount).nth(1).fill('x');
    await dialog.getByRole('button', { name: x.save }).click();
    await expect(dialog.getByLabel(x.baseFee)).toHaveAccessibleDescription(x.notAmount);
    await expect(dialog.getByLabel(x.bandAmount).nth(1)).toHaveAccessibleDescription(x.notAmount);
    await expect(dialog.getByLabel(x.bandAmount).first()).not.toHaveAccessibleDescription(x.notAmount);
    await dialog.getByLabel(x.baseFee).fill('3');
    await dialog
      .getByLabel(x.bandAmount)
      .nth(1)
      .fill(lang === 'en' ? '0.50' : '0,50');
    await dialog.getByLabel(x.bandUpTo).nth(1).fill('100');
    await dialog.getByRole('button', { name: x.save }).click();
    await expect(dialog.getByText(x.ascending)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('fee-rule-errors.png'), fullPage: true });
    await dialog.getByRole('button', { name: x.cancel }).click();
    await expect(dialog).toHaveCount(0);
    const rule = (await answer(admin.GET('/api/fee-rules'), 200)).data.find((r) => r.scope === 'global');
    expect(rule?.base_fee).toBe(300);
  });
}
