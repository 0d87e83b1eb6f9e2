import type { Page } from '@playwright/test';
import { answer, apiClient, expect, expectAccessible, signInAs, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The category names in the order the table shows them. */
async function shownOrder(page: Page, tableName: string): Promise<string[]> {
  const table = page.getByRole('table', { name: tableName });
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toBeVisible();
  const names: string[] = [];
  for (const row of await table.getByRole('row').all()) {
    if ((await row.getByRole('cell').count()) === 0) continue; // the header row
    names.push((await row.getByRole('cell').nth(1).innerText()).split('\n')[0]?.trim() ?? '');
  }
  return names;
}

async function addCategory(page: Page, name: string, description = '') {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const api = apiClient(page.request, token ?? undefined);
  await answer(api.POST('/api/categories', { body: { name, description } }), 201);
}

test.describe('categories (Admin)', () => {
  test('in Bosnian: add, duplicate name refused, edit, delete after confirmation', async ({ page }) => {
    const name = `Ramazanski meni ${unique()}`;
    await signInAs(page, 'admin', { path: '/categories' });
    const table = page.getByRole('table', { name: 'Kategorije' });
    await expect(table.getByRole('row', { name: /Roštilj/ })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Dodaj kategoriju' }).click();
    await expect(page).toHaveURL(/\/add-category$/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(page.getByText('Ovo polje je obavezno')).toBeVisible();

    await page.getByLabel('Naziv', { exact: true }).fill('pizza');
    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(
      page.getByRole('form', { name: 'Dodaj kategoriju' }).getByText('Ovaj naziv se već koristi'),
    ).toBeVisible();

    await page.getByLabel('Naziv', { exact: true }).fill(name);
    await page.getByLabel('Opis', { exact: true }).fill('Iftar i sehur');
    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(page.getByText('Kategorija je dodana')).toBeVisible();
    await expect(page).toHaveURL(/\/categories$/);
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Iftar i sehur');
    // New categories go last.
    expect((await shownOrder(page, 'Kategorije')).at(-1)).toBe(name);

    await row.getByRole('link', { name: `Uredi ${name}` }).click();
    await expect(page).toHaveURL(/\/edit-category\/\d+$/);
    await expect(page.getByLabel('Naziv', { exact: true })).toHaveValue(name);
    await expectAccessible(page);
    await page.getByLabel('Opis', { exact: true }).fill('Samo tokom ramazana');
    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(page.getByText('Kategorija je izmijenjena')).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Samo tokom ramazana');

    await page.getByLabel('Pretraži kategorije').fill(name);
    await expect(page).toHaveURL(/q=/);
    await expect(table.getByRole('row', { name: /Roštilj/ })).toHaveCount(0);
    await table.getByRole('button', { name: `Obriši ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Brisanje kategorije' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Odustani' }).click();
    await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await table.getByRole('button', { name: `Obriši ${name}` }).click();
    await dialog.getByRole('button', { name: 'Obriši' }).click();
    await expect(page.getByText('Kategorija je obrisana')).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    await expect(page.getByText('Nije pronađeno')).toBeVisible();
  });

  test('refuses to delete a category that products use, naming how many', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'en', path: '/categories' });
    const table = page.getByRole('table', { name: 'Categories' });
    const pizza = table.getByRole('row', { name: /Pizza/ });
    const used = (await pizza.getByRole('cell').nth(2).innerText()).trim();
    // Said before anything is sent: the dialog gives the reason and offers no Delete.
    let deletes = 0;
    page.on('request', (request) => {
      if (request.method() === 'DELETE' && request.url().includes('/api/categories/')) deletes += 1;
    });
    await pizza.getByRole('button', { name: 'Delete Pizza' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete category' });
    await expect(dialog).toContainText(`This category is used by ${used} products and cannot be deleted.`);
    await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(deletes).toBe(0);
    await expect(table.getByRole('row', { name: /Pizza/ })).toBeVisible();
  });

  test('in Bosnian at 360px: a category in use says so before the delete', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signInAs(page, 'admin', { lang: 'bs', path: '/categories' });
    const pizza = page.getByRole('table', { name: 'Kategorije' }).getByRole('row', { name: /Pizza/ });
    await pizza.getByRole('button', { name: 'Obriši Pizza' }).click();
    const dialog = page.getByRole('dialog', { name: 'Brisanje kategorije' });
    await expect(dialog).toContainText(/Ovu kategoriju koristi \d+ proizvoda i ne može se obrisati\./);
    await expect(dialog.getByRole('button', { name: 'Obriši' })).toHaveCount(0);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Zatvori' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('in English: reorder with the keyboard buttons and by dragging; the order persists', async ({
    page,
  }) => {
    const first = `Iftar ${unique()}`;
    const second = `Sehur ${unique()}`;
    await signInAs(page, 'admin', { lang: 'en', path: '/categories' });
    await addCategory(page, first);
    await addCategory(page, second);
    await page.reload();
    const table = page.getByRole('table', { name: 'Categories' });
    let order = await shownOrder(page, 'Categories');
    expect(order.slice(-2)).toEqual([first, second]);
    const seedOrder = order.slice(0, -2);

    // Keyboard: move the last one up; focus stays on the button that moved it.
    await table.getByRole('button', { name: `Move ${second} up` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Order of categories saved')).toBeVisible();
    await expect(table.getByRole('button', { name: `Move ${second} up` })).toBeFocused();
    await page.reload();
    await expect.poll(async () => (await shownOrder(page, 'Categories')).slice(-2)).toEqual([second, first]);
    await expect(table.getByRole('button', { name: `Move ${first} down` })).toBeDisabled();
    await expect(table.getByRole('button', { name: 'Move Roštilj up' })).toBeDisabled();

    // Drag: the last row onto the one before it.
    await table
      .getByRole('row', { name: new RegExp(first) })
      .dragTo(table.getByRole('row', { name: new RegExp(second) }));
    await expect.poll(async () => (await shownOrder(page, 'Categories')).slice(-2)).toEqual([first, second]);
    await page.reload();
    await expect.poll(async () => (await shownOrder(page, 'Categories')).slice(-2)).toEqual([first, second]);
    order = await shownOrder(page, 'Categories');
    expect(order.slice(0, -2)).toEqual(seedOrder);
    await expectAccessible(page);

    // While searching there is no order to change.
    await page.getByLabel('Search categories').fill(first);
    await expect(table.getByRole('row', { name: /Roštilj/ })).toHaveCount(0);
    await expect(table.getByRole('button', { name: `Move ${first} up` })).toHaveCount(0);
    await expect(page.getByText('Clear the search to change the order.')).toBeVisible();
  });

  test('is for Admin and App Manager only', async ({ page }) => {
    await signInAs(page, 'restaurant_manager', { lang: 'en', path: '/categories' });
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Categories' })).toHaveCount(0);
    await signInAs(page, 'app_manager', { lang: 'en', path: '/categories' });
    await expect(
      page.getByRole('table', { name: 'Categories' }).getByRole('row', { name: /Pizza/ }),
    ).toBeVisible();
  });

  test('the header search groups products and categories and opens them', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'en', path: '/' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('combobox', { name: 'Search' }).fill('salat');
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByText('Categories', { exact: true })).toBeVisible();
    await expect(listbox.getByText('Products', { exact: true })).toBeVisible();
    await listbox.getByRole('option', { name: /^Salate/ }).click();
    await expect(page).toHaveURL(/\/edit-category\/\d+$/);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Salate');
  });
});
