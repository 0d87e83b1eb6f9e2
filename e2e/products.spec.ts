import type { Page } from '@playwright/test';
import { expect, expectAccessible, signInAs, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function productRow(page: Page, grid: string, name: string) {
  return page.getByRole('grid', { name: grid }).getByRole('row', { name: new RegExp(name) });
}

test.describe('products', () => {
  test('Admin, in English: from the restaurants list, add, filter, toggle, edit and delete', async ({
    page,
  }) => {
    // A long flow (add, filter, toggle, edit, delete, each confirmed): more than the default minute.
    test.setTimeout(120_000);
    const name = `Pizza Sarajevska ${unique()}`;
    await signInAs(page, 'admin', { lang: 'en', path: '/restaurants' });
    await page.getByLabel('Search restaurants').fill('Željo');
    await expect(page).toHaveURL(/q=/);
    await page.getByRole('link', { name: 'Products of Ćevabdžinica Željo' }).click();
    await expect(page).toHaveURL(/\/resturant\/\d+\/products$/);
    await expect(page.getByRole('heading', { name: 'Products of Ćevabdžinica Željo' })).toBeVisible();
    await expect(productRow(page, 'Products', 'Bosanska kafa')).toContainText('2.00 KM');
    await expectAccessible(page);
    const listUrl = page.url();

    await page.getByRole('link', { name: 'Add product' }).click();
    await expect(page).toHaveURL(/\/restaurant\/\d+\/add-product$/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(3);

    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Price', { exact: true }).fill('12 KM 50');
    await page.getByLabel('Category', { exact: true }).selectOption('Pizza');
    await page.getByLabel('Description', { exact: true }).fill('Sa sudžukom i kajmakom');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter a price in KM from 0 to 100,000, e.g. 12.50')).toBeVisible();
    await page.getByLabel('Price', { exact: true }).fill('12.50');
    await page
      .getByLabel('Upload image')
      .setInputFiles({ name: 'pizza.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('button', { name: 'Remove image' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Product added')).toBeVisible();
    await expect(page).toHaveURL(listUrl);

    // Search, then the category and menu filters, all kept in the URL.
    await page.getByLabel('Search products').fill(name);
    await expect(page).toHaveURL(/q=/);
    const row = productRow(page, 'Products', name);
    await expect(row).toContainText('12.50 KM');
    await expect(row).toContainText('Pizza');
    await page.getByLabel('Category', { exact: true }).selectOption('Roštilj');
    await expect(page).toHaveURL(/category_id=\d+/);
    await expect(page.getByText('Not found')).toBeVisible();
    await page.getByLabel('Category', { exact: true }).selectOption('Pizza');
    await expect(row).toBeVisible();

    // The menu switch toggles in place and stays after a reload.
    const toggle = row.getByRole('switch', { name: `Show ${name} on menu` });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByText(`"${name}" is hidden from the menu`)).toBeVisible();
    await page.getByLabel('On menu', { exact: true }).selectOption('Hidden');
    await expect(page).toHaveURL(/show_on_menu=false/);
    await page.reload();
    await expect(productRow(page, 'Products', name).getByRole('switch')).not.toBeChecked();
    await page.getByLabel('On menu', { exact: true }).selectOption('Shown');
    await expect(page.getByText('Not found')).toBeVisible();
    await page.getByLabel('On menu', { exact: true }).selectOption('All');

    await productRow(page, 'Products', name)
      .getByRole('link', { name: `Edit ${name}` })
      .click();
    await expect(page.getByLabel('Price', { exact: true })).toHaveValue('12.50');
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue(/\d+/);
    await expect(page.getByLabel('Show on menu')).not.toBeChecked();
    await expectAccessible(page);
    await page.getByLabel('Price', { exact: true }).fill('9');
    await page.getByLabel('Show on menu').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Product edited')).toBeVisible();
    await expect(productRow(page, 'Products', name)).toContainText('9.00 KM');
    await expect(productRow(page, 'Products', name).getByRole('switch')).toBeChecked();

    await productRow(page, 'Products', name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete product' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product deleted')).toBeVisible();
    await expect(productRow(page, 'Products', name)).toHaveCount(0);
  });

  test('Restaurant Manager, in Bosnian: own products with prices in KM; other restaurants refused', async ({
    page,
  }) => {
    // A long flow under a loaded machine: more than the default minute.
    test.setTimeout(120_000);
    const name = `Begova čorba ${unique()}`;
    const session = await signInAs(page, 'restaurant_manager', { path: '/' });
    const rid = session.user.restaurant_id;
    await page.getByRole('link', { name: 'Proizvodi' }).click();
    await expect(page).toHaveURL(new RegExp(`/resturant/${rid}/products$`));
    await expect(page.getByRole('link', { name: 'Dodaj proizvod' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Dodaj proizvod' }).click();
    await page.getByLabel('Naziv', { exact: true }).fill(name);
    await page.getByLabel('Cijena', { exact: true }).fill('7,90');
    await page.getByLabel('Kategorija', { exact: true }).selectOption('Supe i čorbe');
    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(page.getByText('Proizvod je dodan')).toBeVisible();

    await page.getByLabel('Pretraži proizvode').fill(name);
    const row = productRow(page, 'Proizvodi', name);
    await expect(row).toContainText('7,90 KM');
    await row.getByRole('switch', { name: `Prikaži ${name} na meniju` }).click();
    await expect(page.getByText(`„${name}“ je sklonjen s menija`)).toBeVisible();
    await row.getByRole('switch', { name: `Prikaži ${name} na meniju` }).click();
    await expect(page.getByText(`„${name}“ je sada na meniju`)).toBeVisible();

    await row.getByRole('link', { name: `Uredi ${name}` }).click();
    await expect(page.getByLabel('Cijena', { exact: true })).toHaveValue('7,90');
    await page.getByLabel('Cijena', { exact: true }).fill('8,5');
    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(page.getByText('Proizvod je izmijenjen')).toBeVisible();
    await expect(productRow(page, 'Proizvodi', name)).toContainText('8,50 KM');

    await productRow(page, 'Proizvodi', name)
      .getByRole('button', { name: `Obriši ${name}` })
      .click();
    await page
      .getByRole('dialog', { name: 'Brisanje proizvoda' })
      .getByRole('button', { name: 'Obriši' })
      .click();
    await expect(page.getByText('Proizvod je obrisan')).toBeVisible();
    await expect(productRow(page, 'Proizvodi', name)).toHaveCount(0);

    // The seed's path with the right spelling leads to the same list.
    await page.goto(`/restaurant/${rid}/products`);
    await expect(page).toHaveURL(new RegExp(`/resturant/${rid}/products$`));

    const other = (rid ?? 0) + 1;
    await page.goto(`/resturant/${other}/products`);
    await expect(page.getByRole('heading', { name: 'Nema pristupa' })).toBeVisible();
    await page.goto(`/restaurant/${other}/add-product`);
    await expect(page.getByRole('heading', { name: 'Nema pristupa' })).toBeVisible();
  });

  test('Restaurant Employee: only the menu switch; products open read-only', async ({ page }) => {
    const session = await signInAs(page, 'restaurant_employee', { lang: 'en', path: '/' });
    const rid = session.user.restaurant_id;
    await page.getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(new RegExp(`/resturant/${rid}/products$`));
    await page.getByLabel('Search products').fill('Ćevapi 10 kom');
    const row = productRow(page, 'Products', 'Ćevapi 10 kom');
    await expect(row).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add product' })).toHaveCount(0);
    await expect(row.getByRole('link', { name: 'Edit Ćevapi 10 kom' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Delete Ćevapi 10 kom' })).toHaveCount(0);
    await expectAccessible(page);

    const toggle = row.getByRole('switch', { name: 'Show Ćevapi 10 kom on menu' });
    const before = await toggle.isChecked();
    await toggle.click();
    await expect(
      page.getByText(
        before ? '"Ćevapi 10 kom" is hidden from the menu' : '"Ćevapi 10 kom" is now on the menu',
      ),
    ).toBeVisible();
    await page.reload();
    await expect(toggle).toBeChecked({ checked: !before });
    await toggle.click(); // back as it was
    await expect(toggle).toBeChecked({ checked: before });

    await row.getByRole('link', { name: 'View Ćevapi 10 kom' }).click();
    await expect(page.getByRole('heading', { name: 'Product', exact: true })).toBeVisible();
    await expect(page.getByText('Only the restaurant manager can change products.')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ćevapi 10 kom');
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expectAccessible(page);

    await page.goto(`/restaurant/${rid}/add-product`);
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  });
});
