import { answer, apiClient, expect, expectAccessible, signInAs, test } from './fixtures';

/** A plate nobody else uses: 'E2E-1A2B-345'. */
const uniquePlate = () =>
  `E${Math.floor(Math.random() * 90 + 10)}-${Date.now().toString(36).slice(-4).toUpperCase()}-${Math.floor(Math.random() * 900 + 100)}`;

test.describe('vehicles (Admin)', () => {
  test('create with the duplicate plate and taken driver messages, edit, then delete', async ({ page }) => {
    const plate = uniquePlate();
    await signInAs(page, 'admin', { lang: 'en', path: '/vehicles' });
    await expect(
      page.getByRole('grid', { name: 'Vehicles' }).getByRole('row', { name: /A10-K-100/ }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Add vehicle' }).click();
    await expect(page).toHaveURL(/\/add-vehicle$/);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This field is required')).toHaveCount(2);

    // The same plate written differently is the same plate.
    await page.getByLabel('Plate number', { exact: true }).fill('a10 k 100');
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Car' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('Plate number', { exact: true })).toHaveAccessibleDescription(
      'A vehicle with this plate number already exists',
    );

    // A driver who already uses another vehicle.
    await page.getByLabel('Plate number', { exact: true }).fill(plate);
    const driver = page.getByRole('combobox', { name: 'Driver' });
    await driver.fill('Adnan');
    await page.getByRole('option', { name: /Adnan Hadžić/ }).click();
    await expect(driver).toHaveValue('Adnan Hadžić');
    // The form offers to move the driver here; declined, the API refuses the driver.
    const move = page.getByRole('checkbox', { name: /^Move Adnan Hadžić from .+ to this vehicle$/ });
    await expect(move).toBeChecked();
    await move.uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This driver already uses another vehicle').first()).toBeVisible();

    // Without a driver it saves.
    await driver.click();
    await page.getByRole('button', { name: 'Clear driver' }).click();
    await expect(driver).toHaveValue('');
    await driver.press('Escape');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Vehicle added')).toBeVisible();
    await expect(page).toHaveURL(/\/vehicles$/);

    await page.getByLabel('Search vehicles').fill(plate);
    const row = page.getByRole('row', { name: new RegExp(plate) });
    await expect(row).toContainText('Car');
    await expect(row).toContainText('Nobody');
    await row.getByRole('link', { name: `Edit ${plate}` }).click();
    await expect(page.getByLabel('Plate number', { exact: true })).toHaveValue(plate);
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Scooter' });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Vehicle edited')).toBeVisible();

    await page.goto(`/vehicles?q=${encodeURIComponent(plate)}`);
    await expect(page.getByRole('row', { name: new RegExp(plate) })).toContainText('Scooter');
    await page.getByRole('button', { name: `Delete ${plate}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete vehicle' });
    await expect(dialog).toContainText(plate);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Vehicle deleted')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(plate) })).toHaveCount(0);
  });

  test('in Bosnian: type filter kept in the URL and translated messages', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'bs', path: '/vehicles' });
    const grid = page.getByRole('grid', { name: 'Vozila' });
    await page.getByLabel('Vrsta', { exact: true }).selectOption({ label: 'Bicikl' });
    await expect(page).toHaveURL(/type=bike/);
    await expect(grid.getByRole('row', { name: /BIC-/ }).first()).toBeVisible();
    await expect(grid.getByRole('row', { name: /Automobil|Skuter/ })).toHaveCount(0);
    await page.reload();
    await expect(grid.getByRole('row', { name: /BIC-/ }).first()).toBeVisible();
    await expectAccessible(page);

    await page.goto('/add-vehicle');
    await page.getByLabel('Registarski broj', { exact: true }).fill('A10-K-100');
    await page.getByLabel('Vrsta', { exact: true }).selectOption({ label: 'Automobil' });
    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(page.getByLabel('Registarski broj', { exact: true })).toHaveAccessibleDescription(
      'Vozilo s ovim registarskim brojem već postoji',
    );
  });
});

test.describe('one clock: a browser in another time zone', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("shows the operation's times and says whose clock they are", async ({ page }) => {
    const session = await signInAs(page, 'admin', { lang: 'bs', path: '/vehicles?q=A10-K-100' });
    const api = apiClient(page.request, session.access_token);
    const [vehicle] = (await answer(api.GET('/api/vehicles', { params: { query: { q: 'A10-K-100' } } })))
      .data;
    if (!vehicle) throw new Error('The demo data has no vehicle A10-K-100.');
    const created = new Date(vehicle.created_at);
    // dd.MM.yyyy. HH:mm on Sarajevo's clock, not New York's.
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Sarajevo',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(created)
        .map((part) => [part.type, part.value]),
    );
    const row = page.getByRole('row', { name: /A10-K-100/ });
    await expect(row).toContainText(`${p.day}.${p.month}.${p.year}. ${p.hour}:${p.minute}`);
    await expect(page.getByRole('note', { name: 'Vrijeme u zoni Europe/Sarajevo' })).toBeVisible();
  });
});

test.describe("one clock: a browser on the operation's clock", () => {
  test.use({ timezoneId: 'Europe/Sarajevo' });

  test('needs no note', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'bs', path: '/vehicles' });
    await expect(page.getByRole('heading', { name: 'Vozila' })).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
  });
});
