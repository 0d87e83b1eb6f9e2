import { apiClient, dateField, expect, expectAccessible, fillDate, signInAs, test } from './fixtures';

/** A version nobody added yet: 9.<n>.<n>. */
const uniqueVersion = () => `9.${Date.now() % 100000}.${Math.floor(Math.random() * 1000)}`;

test.describe('app versions (Admin)', () => {
  test('list, add with the duplicate message, delete with confirmation (en, 1440px)', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'admin', { lang: 'en', path: '/app-versions' });
    const grid = page.getByRole('grid', { name: 'App versions' });
    // Numeric order: 1.10.0 above 1.9.0; Extreme stands out.
    const driverRows = grid.getByRole('row', { name: /Driver/ });
    await expect(driverRows).toHaveCount(3);
    await expect(driverRows.nth(0)).toContainText('1.10.0');
    await expect(driverRows.nth(0)).toContainText('Extreme');
    await expect(driverRows.nth(1)).toContainText('1.9.0');
    // Versions in use, with their marks.
    const usage = page.getByRole('table', { name: 'Versions in use' });
    await expect(usage.getByRole('row', { name: /Driver 1\.9\.0/ })).toContainText('Must update');
    await expect(usage.getByRole('row', { name: /Customer 2\.3\.1/ })).toContainText('Outdated');
    await expect(usage.getByRole('row', { name: /Customer 2\.4\.0/ })).toContainText('Up to date');
    await expectAccessible(page);

    // The app filter is kept in the URL.
    await page.getByLabel('App type', { exact: true }).selectOption({ label: 'Customer' });
    await expect(page).toHaveURL(/app_type=customer/);
    await expect(grid.getByRole('row', { name: /Customer/ })).toHaveCount(2);
    await expect(grid.getByRole('row', { name: /Driver/ })).toHaveCount(0);
    await page.reload();
    await expect(grid.getByRole('row', { name: /Customer/ })).toHaveCount(2);

    await page.getByRole('link', { name: 'Add app version' }).click();
    await expect(page).toHaveURL(/\/add-app-version$/);
    await expect(page.getByText('e.g. 1.4.2')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(3);
    await page.getByLabel('Version', { exact: true }).fill('1.4');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('Version', { exact: true })).toHaveAccessibleDescription(
      'Use a version like 1.4.2',
    );
    await expectAccessible(page);

    // The same version of the same app → 409, the message under the version field.
    await page.getByLabel('App type', { exact: true }).selectOption({ label: 'Driver' });
    await page.getByLabel('Version', { exact: true }).fill('1.9.0');
    await page.getByLabel('Priority', { exact: true }).selectOption({ label: 'High' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('Version', { exact: true })).toHaveAccessibleDescription(
      'This version already exists for this app',
    );

    const version = uniqueVersion();
    await page.getByLabel('Version', { exact: true }).fill(version);
    await page.getByLabel('Priority', { exact: true }).selectOption({ label: 'Extreme' });
    await page.getByLabel('Notes', { exact: true }).fill('E2E release');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('App version added')).toBeVisible();
    await expect(page).toHaveURL(/\/app-versions$/);
    const row = grid.getByRole('row', { name: new RegExp(`Driver ${version.replace(/\./g, '\\.')}`) });
    await expect(row).toContainText('Extreme');
    await expect(row).toContainText('E2E release');
    // Now 1.10.0 is outdated and must update too.
    await expect(usage.getByRole('row', { name: /Driver 1\.10\.0/ })).toContainText('Must update');

    // A wrong priority is corrected in place: the edit dialog, the list stays, the usage follows.
    await row.getByRole('button', { name: `Edit Driver ${version}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit app version' });
    await expect(edit.getByLabel('Version', { exact: true })).toHaveValue(version);
    await expect(edit.getByLabel('Priority', { exact: true })).toHaveValue('extreme');
    await expectAccessible(page);
    await edit.getByLabel('Version', { exact: true }).fill('1.9.0');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByLabel('Version', { exact: true })).toHaveAccessibleDescription(
      'This version already exists for this app',
    );
    await edit.getByLabel('Version', { exact: true }).fill(version);
    await edit.getByLabel('Priority', { exact: true }).selectOption({ label: 'Low' });
    await edit.getByLabel('Notes', { exact: true }).fill('E2E release, not forced');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('App version saved')).toBeVisible();
    await expect(edit).toHaveCount(0);
    await expect(page).toHaveURL(/\/app-versions$/);
    await expect(row).toContainText('Low');
    await expect(row).toContainText('E2E release, not forced');
    await expect(usage.getByRole('row', { name: /Driver 1\.10\.0/ })).toContainText('Outdated');

    await row.getByRole('button', { name: `Delete Driver ${version}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete app version' });
    await expect(dialog).toContainText(version);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete Driver ${version}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('App version deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('in Bosnian at 360px: translated list, form and a Bosnian date', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signInAs(page, 'app_manager', { lang: 'bs', path: '/app-versions' });
    await expect(page.getByRole('heading', { name: 'Verzije aplikacija', level: 1 })).toBeVisible();
    // A phone's "versions in use" is cards, not a table that scrolls sideways.
    const usage = page.getByRole('list', { name: 'Verzije u upotrebi' });
    await expect(page.getByRole('table', { name: 'Verzije u upotrebi' })).toHaveCount(0);
    await expect(usage.getByRole('listitem').filter({ hasText: /Vozač 1\.9\.0/ })).toContainText(
      'Obavezno ažuriranje',
    );
    await expect(usage.getByText(/\d{2}\.\d{2}\.\d{4}\. \d{2}:\d{2}$/).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await page.goto('/add-app-version');
    await expect(page.getByText('npr. 1.4.2')).toBeVisible();
    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(page.getByText('Ovo polje je obavezno')).toHaveCount(3);
    await expectAccessible(page);
  });

  test('in Bosnian at 360px: the edit dialog fits and speaks Bosnian; Cancel changes nothing', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signInAs(page, 'admin', { lang: 'bs', path: '/app-versions?app_type=driver' });
    // A phone's list is cards (the list kit): each card carries its row's actions.
    const list = page.getByRole('list', { name: 'Verzije aplikacija' });
    await list.getByRole('button', { name: 'Uredi Vozač 1.8.0' }).click();
    const edit = page.getByRole('dialog', { name: 'Uredi verziju aplikacije' });
    await expect(edit.getByLabel('Verzija', { exact: true })).toHaveValue('1.8.0');
    await edit.getByLabel('Verzija', { exact: true }).fill('1.8');
    await edit.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(edit.getByText('Koristite verziju poput 1.4.2')).toBeVisible();
    const box = await edit.boundingBox();
    expect(box?.width ?? 999).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await edit.getByRole('button', { name: 'Odustani' }).click();
    await expect(edit).toHaveCount(0);
    await expect(list.getByRole('listitem').filter({ hasText: '1.8.0' })).toBeVisible();
  });

  test('restaurant staff and dispatchers have no app versions; the API refuses them', async ({ page }) => {
    const session = await signInAs(page, 'restaurant_manager', { lang: 'en', path: '/app-versions' });
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    const { response } = await apiClient(page.request, session.access_token).POST('/api/app-versions', {
      body: { app_type: 'driver', version: '9.9.9', priority: 'low', notes: null },
    });
    expect(response.status).toBe(403);
    await page.goto('/log');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  });
});

test.describe('audit log', () => {
  test('filters by entity, action and user in the URL; an entry opens before/after (en, 1440px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'admin', { lang: 'en', path: '/' });
    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Log' }).click();
    await expect(page).toHaveURL(/\/log$/);
    const grid = page.getByRole('grid', { name: 'Log of staff actions' });
    await expect(grid.getByRole('row', { name: /Settlements / }).first()).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Approve' });
    await page.getByLabel('Entity', { exact: true }).selectOption({ label: 'Settlements' });
    await expect(page).toHaveURL(/action=approve/);
    await expect(page).toHaveURL(/entity=settlements/);
    const rows = grid.getByRole('row', { name: /Approve/ });
    await expect(rows.first()).toBeVisible();
    await expect(grid.getByRole('row', { name: /Create/ })).toHaveCount(0);

    const user = page.getByRole('combobox', { name: 'User' });
    await user.fill('Amra');
    await page.getByRole('option', { name: /Amra Hodžić/ }).click();
    await expect(page).toHaveURL(/user_id=\d+/);
    await expect(rows.first()).toContainText('Amra Hodžić');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'User' })).toHaveValue('Amra Hodžić');
    await expect(page.getByLabel('Action', { exact: true })).toHaveValue('approve');

    const first = grid.getByRole('row', { name: /Approve/ }).first();
    await first.getByRole('button', { name: /Show the details of entry \d+/ }).click();
    const dialog = page.getByRole('dialog', { name: /Approve · Settlements \S/ });
    await expect(dialog.getByRole('region', { name: 'Before' })).toContainText('"status": "pending"');
    await expect(dialog.getByRole('region', { name: 'After' })).toContainText('"status": "approved"');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A period with no entries: "Not found".
    await fillDate(dateField(page, 'From'), '2020-01-01');
    await fillDate(dateField(page, 'To'), '2020-01-31');
    await expect(page).toHaveURL(/from=2020-01-01/);
    await expect(page).toHaveURL(/to=2020-01-31/);
    await expect(grid.getByText('Not found')).toBeVisible();
  });

  test('in Bosnian at 360px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signInAs(page, 'app_manager', { lang: 'bs', path: '/log?entity=settlements' });
    await expect(page.getByRole('heading', { name: 'Dnevnik', level: 1 })).toBeVisible();
    // A phone's list is cards (the list kit).
    const list = page.getByRole('list', { name: 'Dnevnik radnji osoblja' });
    await expect(
      list
        .getByRole('listitem')
        .filter({ hasText: /Obračuni \S/ })
        .first(),
    ).toBeVisible();
    await expect(list.getByText(/^\d{2}\.\d{2}\.\d{4}\. \d{2}:\d{2}$/).first()).toBeVisible();
    await expect(page.getByLabel('Zapis', { exact: true })).toHaveValue('settlements');
    await expectAccessible(page);
  });
});
