import type { Locator, Page } from '@playwright/test';
import { type DemoRole, expect, expectAccessible, signInAs, test } from './fixtures';

/**
 * One responsive rule for every list (the list kit): on a phone each row is a card with the fields and
 * actions that matter, nothing wider than its box; at 1440 every column a user needs shows whole.
 */

type Lang = 'bs' | 'en';

interface ListRoute {
  path: string;
  role?: DemoRole;
  /** A field of the first card (its label or value). */
  field: Record<Lang, RegExp>;
  /** The first card's action, a link or a button by its accessible name. */
  action?: { role: 'link' | 'button'; name: Record<Lang, RegExp> };
}

const edit = { role: 'link', name: { bs: /^Uredi /, en: /^Edit / } } as const;

const LISTS: ListRoute[] = [
  { path: '/users', field: { bs: /Uloga/, en: /Role/ }, action: edit },
  {
    path: '/orders',
    field: { bs: /Ukupno.*KM/, en: /Total.*KM/ },
    action: { role: 'link', name: { bs: /^D\d+$/, en: /^D\d+$/ } },
  },
  {
    path: '/restaurant-orders',
    role: 'restaurant_manager',
    field: { bs: /Ukupno.*KM/, en: /Total.*KM/ },
    action: { role: 'link', name: { bs: /^D\d+$/, en: /^D\d+$/ } },
  },
  {
    path: '/end-shift',
    field: { bs: /Razlika/, en: /Difference/ },
    action: { role: 'link', name: { bs: /\d/, en: /\d/ } },
  },
  { path: '/settlements', field: { bs: /Neto iznos za isplatu/, en: /Net amount owed/ } },
  {
    path: '/drivers',
    field: { bs: /Zadnja lokacija/, en: /Last location/ },
    action: { role: 'link', name: { bs: /^Prikaži vozača .* na mapi$/, en: /^Show .* on the map$/ } },
  },
  { path: '/restaurants', field: { bs: /Telefon/, en: /Phone/ }, action: edit },
  { path: '/vehicles', field: { bs: /Vozač/, en: /Driver/ }, action: edit },
  {
    path: '/app-versions',
    field: { bs: /Napomene/, en: /Notes/ },
    action: { role: 'button', name: { bs: /^Obriši /, en: /^Delete / } },
  },
  { path: '/drivers-meals', field: { bs: /Iznos/, en: /Amount/ } },
  {
    path: '/log',
    field: { bs: /\d{2}\.\d{2}\.\d{4}\./, en: /\d{4}/ },
    action: { role: 'button', name: { bs: /^Prikaži detalje unosa/, en: /^Show the details of entry/ } },
  },
  { path: '/resturant/1/products', field: { bs: /Cijena/, en: /Price/ }, action: edit },
  { path: '/resturant/1/users', field: { bs: /Uloga/, en: /Role/ }, action: edit },
];

/** How far an element runs past its own box, and the page past the window (0: it fits). */
const overflow = (locator: Locator) => locator.evaluate((el) => el.scrollWidth - el.clientWidth);
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The list of a screen: the first list in the main region that has items. */
const listOf = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('list')
    .filter({ has: page.getByRole('listitem') })
    .first();

async function expectInside(locator: Locator, width: number) {
  const box = await locator.boundingBox();
  expect(box, 'on screen').not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true);
}

for (const lang of ['bs', 'en'] as const) {
  test.describe(`lists at 360 px (${lang})`, () => {
    test.use({ viewport: { width: 360, height: 800 } });
    test.describe.configure({ timeout: 180_000 });

    for (const role of ['admin', 'restaurant_manager'] as const) {
      const routes = LISTS.filter((route) => (route.role ?? 'admin') === role);
      test(`every list is cards that fit, with their fields and actions (${role})`, async ({ page }) => {
        await signInAs(page, role, { lang, path: routes[0]?.path });
        for (const [index, route] of routes.entries()) {
          if (index > 0) await page.goto(route.path);
          const list = listOf(page);
          const card = list.getByRole('listitem').first();
          // The first list of a fresh sign-in may wait on a busy server.
          await expect(card, route.path).toBeVisible({ timeout: 30_000 });
          await expect(card, route.path).toContainText(route.field[lang]);
          if (route.action) {
            const action = card.getByRole(route.action.role, { name: route.action.name[lang] }).first();
            await expect(action, route.path).toBeVisible();
            await expectInside(action, 360);
          }
          expect(await overflow(list), `${route.path}: the list fits its box`).toBeLessThanOrEqual(0);
          const cards = await list
            .getByRole('listitem')
            .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).length);
          expect(cards, `${route.path}: every card fits`).toBe(0);
          expect(await pageOverflow(page), `${route.path}: the page fits`).toBeLessThanOrEqual(0);
          // No grid left that would scroll sideways inside its box.
          await expect(page.getByRole('main').getByRole('grid')).toHaveCount(0);
        }
        await expectAccessible(page);
      });
    }

    test('the categories table and a sort choice fit too', async ({ page }) => {
      await signInAs(page, 'admin', { lang, path: '/categories' });
      const table = page.getByRole('main').getByRole('table').first();
      await expect(table).toBeVisible();
      expect(await overflow(table)).toBeLessThanOrEqual(0);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

      // A phone's list sorts by a choice above the cards, kept in the URL like the table's headers.
      await page.goto('/vehicles');
      const sort = page.getByRole('combobox', { name: lang === 'bs' ? 'Poredaj po' : 'Sort by' });
      await sort.selectOption({
        label: lang === 'bs' ? 'Registarski broj, opadajuće' : 'Plate number, descending',
      });
      await expect(page).toHaveURL(/sort=-plate_number/);
      await expect(listOf(page).getByRole('listitem').first()).toBeVisible();
      await expectAccessible(page);
    });
  });
}

/** The columns a user of each wide list needs at 1440 px: shown, and whole inside the grid's box. */
const WIDE: { path: string; role: DemoRole; needed: Record<Lang, string[]> }[] = [
  {
    path: '/orders',
    role: 'admin',
    needed: {
      en: ['Order number', 'Created at', 'Restaurant', 'Total', 'Status', 'Driver'],
      bs: ['Broj narudžbe', 'Kreirano', 'Restoran', 'Ukupno', 'Status', 'Vozač'],
    },
  },
  {
    path: '/restaurant-orders',
    role: 'restaurant_manager',
    needed: {
      en: ['Order number', 'Created at', 'Total', 'Status', 'Actions'],
      bs: ['Broj narudžbe', 'Kreirano', 'Ukupno', 'Status', 'Akcije'],
    },
  },
  {
    path: '/drivers',
    role: 'admin',
    needed: {
      en: ['Vehicle', 'Shift', 'Last location', 'Actions'],
      bs: ['Vozilo', 'Smjena', 'Zadnja lokacija', 'Akcije'],
    },
  },
];

for (const lang of ['en', 'bs'] as const) {
  test.describe(`lists at 1440 px (${lang})`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });
    for (const list of WIDE) {
      test(`${list.path}: the needed columns show whole, none cut at the edge`, async ({ page }) => {
        await signInAs(page, list.role, { lang, path: list.path });
        const grid = page.getByRole('main').getByRole('grid').first();
        await expect(grid.getByRole('row').nth(1)).toBeVisible();
        const headers = grid.getByRole('columnheader');
        const names = (await headers.allInnerTexts()).map((name) => name.trim());
        for (const needed of list.needed[lang]) expect(names).toContain(needed);
        const box = await grid.boundingBox();
        for (const header of await headers.all()) {
          const edge = await header.boundingBox();
          expect(edge && box && edge.x + edge.width).toBeLessThanOrEqual(
            (box?.x ?? 0) + (box?.width ?? 0) + 1,
          );
        }
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      });
    }
  });
}
