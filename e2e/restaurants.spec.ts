import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectAccessible, signInAs, test } from './fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('restaurants (Admin)', () => {
  test('list: server-side search and paging kept in the URL', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'en', path: '/restaurants' });
    const grid = page.getByRole('grid', { name: 'Restaurants' });
    await expect(grid.getByRole('row', { name: /Ćevabdžinica Željo/ })).toBeVisible();
    await expectAccessible(page);

    await page
      .getByRole('searchbox', { name: 'Search restaurants' })
      .or(page.getByLabel('Search restaurants'))
      .fill('ferhadija');
    await expect(page).toHaveURL(/q=ferhadija/);
    await expect(grid.getByRole('row', { name: /Vegan Kitchen Sarajevo/ })).toBeVisible();
    await expect(grid.getByRole('row', { name: /Ćevabdžinica Željo/ })).toHaveCount(0);
    await page.reload();
    await expect(grid.getByRole('row', { name: /Vegan Kitchen Sarajevo/ })).toBeVisible();
    await expect(grid.getByRole('row', { name: /Ćevabdžinica Željo/ })).toHaveCount(0);

    await page.getByLabel('Search restaurants').fill('no such restaurant anywhere');
    await expect(page.getByText('Not found')).toBeVisible();
  });

  test('create with the seed validation messages, edit, then delete after confirmation', async ({ page }) => {
    const name = `Aščinica ${unique()}`;
    await signInAs(page, 'admin', { lang: 'en', path: '/restaurants' });
    await page.getByRole('link', { name: 'Add restaurant' }).click();
    await expect(page).toHaveURL(/\/add-restaurant$/);
    await expectAccessible(page);

    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Address', { exact: true }).fill('Ferhadija 7, Sarajevo');
    await page.getByLabel('Phone', { exact: true }).fill('call us');
    await page.getByLabel('Web address', { exact: true }).fill('not a url');
    await page.getByLabel('Percentage', { exact: true }).fill('15');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Please eneter valid format of phone number.')).toBeVisible();
    await expect(page.getByText('Must be a valid url')).toBeVisible();

    await page.getByLabel('Phone', { exact: true }).fill('+387 33 555 111');
    await page.getByLabel('Web address', { exact: true }).fill('https://ascinica.example.ba');
    await page.getByLabel('Upload image').setInputFiles(path.join(here, 'assets', 'dish.png'));
    await expect(page.getByRole('img', { name: /image|slika/i }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Restaurant added')).toBeVisible();
    await expect(page).toHaveURL(/\/restaurants/);

    await page.getByLabel('Search restaurants').fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await page.getByLabel('Percentage', { exact: true }).fill('17.5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Restaurant edited')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Percentage', { exact: true })).toHaveValue('17.5');

    await page.goto(`/restaurants?q=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete restaurant' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete restaurant' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Restaurant deleted')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });

  test('in Bosnian: the form speaks Bosnian, including the API refusal toast', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'bs', path: '/restaurants' });
    await expect(page.getByRole('grid', { name: 'Restorani' })).toBeVisible();
    // A restaurant with staff cannot be deleted: the API's message shows translated.
    await page.getByRole('button', { name: 'Obriši Ćevabdžinica Željo' }).click();
    await page
      .getByRole('dialog', { name: 'Brisanje restorana' })
      .getByRole('button', { name: 'Obriši' })
      .click();
    await expect(page.getByText('Ovaj restoran još ima korisnika (2) i ne može se obrisati.')).toBeVisible();
    await page
      .getByRole('dialog', { name: 'Brisanje restorana' })
      .getByRole('button', { name: 'Odustani' })
      .click();
    await expect(page.getByRole('row', { name: /Ćevabdžinica Željo/ })).toBeVisible();
    await page.getByRole('link', { name: 'Dodaj restoran' }).click();
    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(page.getByText('Ovo polje je obavezno').first()).toBeVisible();
  });
});

test.describe('My restaurant (restaurant staff)', () => {
  test('the manager edits their own restaurant information', async ({ page }) => {
    const session = await signInAs(page, 'restaurant_manager', { lang: 'en' });
    await page
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('link', { name: 'Information' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/restaurant/${session.user.restaurant_id}$`));
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ćevabdžinica Željo');
    await expectAccessible(page);
    await page.getByLabel('Phone', { exact: true }).fill('+387 33 441 201');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Restaurant edited')).toBeVisible();
  });

  test('the employee reads it only; another restaurant is refused', async ({ page }) => {
    const session = await signInAs(page, 'restaurant_employee', { lang: 'en' });
    await page.goto(`/restaurant/${session.user.restaurant_id}`);
    await expect(page.getByText('Only the restaurant manager can change this information.')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    // Bank details are for the manager and the operation (issue 32): no account, no requests.
    await expect(page.getByLabel('Bank account (IBAN)', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Payout account' })).toHaveCount(0);
    await page.goto(`/restaurant/${(session.user.restaurant_id ?? 0) + 1}`);
    await expect(page.getByText(/permission|No access/)).toBeVisible();
  });
});

test.describe('payout account (manager asks, Admin approves)', () => {
  test('the manager files a change, sees it pending; an admin approves it from the restaurant page', async ({
    page,
  }) => {
    const manager = await signInAs(page, 'restaurant_manager', { lang: 'en' });
    const id = manager.user.restaurant_id;
    await page.goto(`/restaurant/${id}`);
    const account = page.getByLabel('Bank account (IBAN)', { exact: true });
    await expect(account).not.toHaveValue('');
    const current = await account.inputValue();
    // The account is no field the manager's save can change: it changes through a request.
    await expect(account).toHaveAttribute('readonly', '');
    await expect(
      page.getByText('Changed through a request (below) that an Admin or App Manager approves'),
    ).toBeVisible();
    const section = page.getByRole('region', { name: 'Payout account' });
    await expect(section).toContainText(current);

    await section.getByRole('button', { name: 'Request a change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a change of the payout account' });
    await dialog.getByLabel('New account (IBAN)').fill('BA39 1290 0794 0102 8495');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByText('Enter a valid IBAN, for example BA39 1290 0794 0102 8494')).toBeVisible();
    await dialog.getByLabel('New account (IBAN)').fill('ba39 1290 0794 0102 8494');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Request sent: it waits for approval')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await expect(section.getByText('Change pending approval')).toBeVisible();
    await expect(section).toContainText(
      `New account BA39 1290 0794 0102 8494, requested by ${manager.user.first_name} ${manager.user.last_name}`,
    );
    // Until approval the settlements pay the current account, and one request waits at a time.
    await expect(section).toContainText(current);
    await expect(section.getByRole('button', { name: 'Request a change' })).toHaveCount(0);
    await expect(account).toHaveValue(current);
    await expectAccessible(page);

    // The admin, in Bosnian: the list marks the restaurant, its page approves the change.
    await signInAs(page, 'admin', { lang: 'bs', path: '/restaurants?q=%C5%BDeljo' });
    const row = page.getByRole('row', { name: /Ćevabdžinica Željo/ });
    await expect(row.getByRole('img', { name: 'Promjena računa na čekanju' })).toBeVisible();
    await expectAccessible(page);
    await page.goto(`/restaurant/${id}`);
    const racun = page.getByRole('region', { name: 'Račun za isplatu' });
    await expect(racun.getByText('Promjena čeka odobrenje')).toBeVisible();
    await expect(racun).toContainText(
      `Novi račun BA39 1290 0794 0102 8494 (zahtjev: ${manager.user.first_name}`,
    );
    await expectAccessible(page);
    await racun.getByRole('button', { name: 'Odobri' }).click();
    const confirm = page.getByRole('dialog', { name: 'Odobravanje novog računa za isplatu' });
    await expect(confirm).toContainText(`umjesto na ${current}`);
    await confirm.getByRole('button', { name: 'Odobri' }).click();
    await expect(page.getByText('Račun za isplatu je promijenjen')).toBeVisible();
    await expect(page.getByLabel('Bankovni račun (IBAN)', { exact: true })).toHaveValue(
      'BA39 1290 0794 0102 8494',
    );
    await expect(racun).toContainText('Posljednji zahtjev (BA39 1290 0794 0102 8494) je odobren');
    await expect(racun.getByRole('button', { name: 'Odobri' })).toHaveCount(0);

    // Back with the manager: the outcome, and a new request may be filed.
    await signInAs(page, 'restaurant_manager', { lang: 'en', path: `/restaurant/${id}` });
    await expect(page.getByLabel('Bank account (IBAN)', { exact: true })).toHaveValue(
      'BA39 1290 0794 0102 8494',
    );
    const mine = page.getByRole('region', { name: 'Payout account' });
    await expect(mine).toContainText('The last request (BA39 1290 0794 0102 8494) was approved by');
    await expect(mine.getByRole('button', { name: 'Request a change' })).toBeVisible();
  });
});
