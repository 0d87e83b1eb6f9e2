import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, signInAs, test } from './fixtures';

/**
 * Busy and pause from the kitchen board, seen live on the dispatcher's board; a product out of
 * stock flagged in the products list (issue 24). English at 1440 px, Bosnian at 360 px.
 */
const texts = {
  en: {
    kitchen: /^Kitchen: Normal\. Change$/,
    busy: 'Busy +20 min',
    kitchenBusy: /^Kitchen: Busy \+20 min\. Change$/,
    pause: 'Pause 15 min',
    kitchenPaused: /^Kitchen: Paused until (.+ )?\d\d:\d\d\. Change$/,
    normal: 'Back to normal',
    strip: 'Restaurants busy, paused or closed',
    chipBusy: 'Ćevabdžinica Željo: Busy +20 min',
    chipPaused: /Ćevabdžinica Željo: Paused until (.+ )?\d\d:\d\d/,
    search: 'Search products',
    product: 'Ćevapi 10 kom',
    stock: 'Stock of Ćevapi 10 kom: In stock',
    snooze: 'Out of stock until the end of today',
    snoozed: /Out of stock until/,
    back: 'Back in stock',
    backToast: '"Ćevapi 10 kom" is back in stock',
  },
  bs: {
    kitchen: /^Kuhinja: Normalno\. Promijeni$/,
    busy: 'Gužva +20 min',
    kitchenBusy: /^Kuhinja: Gužva \+20 min\. Promijeni$/,
    pause: 'Pauza 15 min',
    kitchenPaused: /^Kuhinja: Pauzirano do (.+ )?\d\d:\d\d\. Promijeni$/,
    normal: 'Nazad na normalno',
    strip: 'Restorani s gužvom, na pauzi ili zatvoreni',
    chipBusy: 'Ćevabdžinica Željo: Gužva +20 min',
    chipPaused: /Ćevabdžinica Željo: Pauzirano do (.+ )?\d\d:\d\d/,
    search: 'Pretraži proizvode',
    product: 'Bosanska kafa',
    stock: 'Stanje proizvoda Bosanska kafa: Ima na stanju',
    snooze: 'Nema na stanju do kraja dana',
    snoozed: /Nema na stanju do/,
    back: 'Ponovo ima na stanju',
    backToast: '„Bosanska kafa“ ponovo ima na stanju',
  },
} as const;

async function dispatcherBoard(browser: Browser, lang: 'bs' | 'en', width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInAs(page, 'dispatcher', { lang, path: '/active-orders' });
  return page;
}

for (const [lang, width] of [
  ['en', 1440],
  ['bs', 360],
] as const) {
  test(`capacity in ${lang} at ${width}px: busy and pause from the kitchen, live on the dispatcher's board`, async ({
    page,
    browser,
  }) => {
    // Two browsers and the live stream between them: more than the default minute on a loaded machine.
    test.setTimeout(240_000);
    const x = texts[lang];
    await page.setViewportSize({ width, height: 900 });
    const dispatcher = await dispatcherBoard(browser, lang, width);
    const strip = dispatcher.getByRole('list', { name: x.strip });

    await signInAs(page, 'restaurant_employee', { lang, path: '/restaurant-orders' });
    const control = page.getByRole('button', { name: x.kitchen });
    await expect(control).toBeEnabled({ timeout: 60_000 });
    await expectAccessible(page);

    // Busy: one click in the menu; the button says so, the dispatcher's board shows it live.
    await control.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('menuitem', { name: x.busy }).click();
    await expect(page.getByRole('button', { name: x.kitchenBusy })).toBeVisible();
    await expect(strip.getByText(x.chipBusy)).toBeVisible();
    await expectAccessible(dispatcher);

    // Paused for 15 minutes: until when, on both screens.
    await page.getByRole('button', { name: x.kitchenBusy }).click();
    await page.getByRole('menuitem', { name: x.pause }).click();
    await expect(page.getByRole('button', { name: x.kitchenPaused })).toBeVisible();
    await expect(strip.getByText(x.chipPaused)).toBeVisible();
    await expect(strip.getByText(x.chipBusy)).toHaveCount(0);

    // Back to normal: the restaurant leaves the strip.
    await page.getByRole('button', { name: x.kitchenPaused }).click();
    await page.getByRole('menuitem', { name: x.normal }).click();
    await expect(page.getByRole('button', { name: x.kitchen })).toBeVisible();
    await expect(dispatcher.getByText(x.chipPaused)).toHaveCount(0);
    if (width === 360)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await dispatcher.context().close();
  });

  test(`out of stock in ${lang} at ${width}px: a product snoozed until the end of today, flagged, then back`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const x = texts[lang];
    await page.setViewportSize({ width, height: 900 });
    const session = await signInAs(page, 'restaurant_employee', { lang, path: '/' });
    await page.goto(`/resturant/${session.user.restaurant_id}/products`);
    // A product of its own per language: one run's leftovers never meet the other.
    await page.getByLabel(x.search).fill(x.product);
    const stock = page.getByRole('button', { name: x.stock });
    await expect(stock).toBeEnabled({ timeout: 60_000 });
    await stock.click();
    await page.getByRole('menuitem', { name: x.snooze }).click();
    // The list refetches after the change: patient on a loaded machine.
    const flagged = page.getByRole('button', { name: x.snoozed });
    await expect(flagged).toBeVisible({ timeout: 60_000 });
    await expectAccessible(page);
    await page.reload();
    await expect(flagged).toBeVisible({ timeout: 60_000 });
    await flagged.click();
    await page.getByRole('menuitem', { name: x.back }).click();
    await expect(page.getByText(x.backToast)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: x.stock })).toBeVisible({ timeout: 60_000 });
  });
}
