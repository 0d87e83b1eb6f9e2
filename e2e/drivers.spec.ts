import { ACCOUNTS, answer, apiAs, apiSession, expect, expectAccessible, signInAs, test } from './fixtures';

test.describe('drivers (Admin)', () => {
  // Every column shows at 1440; narrower, the push column gives way first (`priority`).
  test.use({ viewport: { width: 1440, height: 900 } });
  test('list with vehicle, shift, push and location; filters kept in the URL', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'en', path: '/drivers' });
    const grid = page.getByRole('grid', { name: 'Drivers' });
    const adnan = grid.getByRole('row', { name: /Adnan Hadžić/ });
    await expect(adnan).toContainText('Scooter · A10-K-100');
    await expect(adnan).toContainText('Available');
    await expect(adnan).toContainText('Push reaches the app');
    // The age of the last location in words, or the seed's message for a driver without one.
    await expect(adnan).toContainText(/\d+ \S+ ago|now|yesterday|Driver doesnt have location yet/);
    await expect(adnan).toContainText('—');
    await expectAccessible(page);

    await page.getByLabel('Vehicle type', { exact: true }).selectOption({ label: 'Bike' });
    await expect(page).toHaveURL(/vehicle_type=bike/);
    await expect(page.getByLabel('Vehicle type', { exact: true })).toHaveValue('bike');
    await expect(grid.getByRole('row', { name: /BIC-/ }).first()).toBeVisible();
    await expect(grid.getByRole('row', { name: /Scooter ·|Car ·/ })).toHaveCount(0);

    await page.getByLabel('Shift', { exact: true }).selectOption({ label: 'Off shift' });
    await expect(page).toHaveURL(/shift_state=off_shift/);
    await expect(grid.getByRole('row', { name: /Available|Delivering|On break/ })).toHaveCount(0);
    await expect(grid.getByRole('row', { name: /Off shift/ }).first()).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Shift', { exact: true })).toHaveValue('off_shift');
    await expect(page.getByLabel('Vehicle type', { exact: true })).toHaveValue('bike');
    await expect(grid.getByRole('row', { name: /Scooter ·|Car ·/ })).toHaveCount(0);
  });

  test('the search comes from the URL (the header search links here), in Bosnian', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'bs', path: '/drivers?q=A10-K-100' });
    await expect(page.getByLabel('Pretraži vozače')).toHaveValue('A10-K-100');
    const grid = page.getByRole('grid', { name: 'Vozači' });
    const adnan = grid.getByRole('row', { name: /Adnan Hadžić/ });
    await expect(adnan).toContainText('Skuter · A10-K-100');
    await expect(adnan).toContainText('Slobodan');
    await expect(adnan).toContainText(/prije \d+|sad|jučer|Vozač još nema lokaciju/);
    await expect(grid.getByRole('row')).toHaveCount(2);
    await expectAccessible(page);

    await expect(adnan.getByRole('link', { name: 'Prikaži vozača Adnan Hadžić na mapi' })).toHaveAttribute(
      'href',
      /\/drivers-location\?driver=\d+$/,
    );
    await adnan.getByRole('link', { name: 'Pauze vozača Adnan Hadžić' }).click();
    await expect(page).toHaveURL(/\/drivers\/\d+\/breaks$/);
    // The break view of that driver (its own spec, drivers-location.spec.ts, covers its contents).
    await expect(page.getByRole('heading', { name: /Adnan Hadžić/ })).toBeVisible();
  });

  test('restaurant staff have no drivers list', async ({ page }) => {
    await signInAs(page, 'restaurant_manager', { lang: 'en', path: '/drivers' });
    await expect(page.getByText('No access')).toBeVisible();
  });
});

/** 'HH:MM' on the operation's clock (Sarajevo), `minutes` from now. */
function clockIn(minutes: number) {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Sarajevo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + minutes * 60_000));
}

test.describe('planned end of shift (issue 33)', () => {
  test.describe.configure({ mode: 'serial' });
  let name = '';

  test.beforeAll(async ({ request }) => {
    // The demo driver is on shift; nothing planned yet.
    const driver = await apiAs(request, ACCOUNTS.driver, true);
    expect([200, 409]).toContain((await driver.POST('/api/driver/shift/start')).response.status);
    await answer(driver.PUT('/api/driver/shift/planned-end', { body: { planned_end_at: null } }), 200);
    const session = await apiSession(request, ACCOUNTS.driver, true);
    name = `${session.user.first_name} ${session.user.last_name}`;
  });

  test.afterAll(async ({ request }) => {
    const driver = await apiAs(request, ACCOUNTS.driver, true);
    await answer(driver.PUT('/api/driver/shift/planned-end', { body: { planned_end_at: null } }), 200);
  });

  test('1440 px, English: staff plan a driver’s end, a time too far is refused, then cleared', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, 'admin', { lang: 'en', path: `/drivers?q=${encodeURIComponent(ACCOUNTS.driver)}` });
    const grid = page.getByRole('grid', { name: 'Drivers' });
    const row = grid.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    // Drivers whose cash waits at the register say so (the demo data has two).
    await page.goto('/drivers?shift_state=available');
    await expect(grid.getByText('Asked to end shift').first()).toBeVisible();
    await page.goto(`/drivers?q=${encodeURIComponent(ACCOUNTS.driver)}`);

    await row.getByRole('button', { name: `Plan the end of shift: ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `End of shift of ${name}` });
    await expect(dialog).toContainText('Within the next 16 hours.');
    const time = dialog.getByLabel('Ends at');
    // A minute ago on the clock means tomorrow: more than 16 hours ahead.
    await time.fill(clockIn(-5));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Choose an end of shift within the next 16 hours')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/i33-plan-end-error-1440-en.png' });

    const at = clockIn(150);
    await time.fill(at);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`End of shift of ${name}:`)).toBeVisible();
    await expect(dialog).toBeHidden();
    // An end on another day shows its date too (a run late in the evening).
    await expect(row).toContainText(new RegExp(`Ends at (.+\\s)?${at}`));
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/i33-drivers-ends-at-1440-en.png' });

    await row.getByRole('button', { name: `Plan the end of shift: ${name}` }).click();
    await expect(dialog.getByLabel('Ends at')).toHaveValue(at);
    await dialog.getByRole('button', { name: 'Clear the planned end' }).click();
    await expect(page.getByText(`Planned end of shift of ${name} cleared`)).toBeVisible();
    await expect(row).not.toContainText('Ends at');
  });

  test('360 px, Bosnian: the planned end on the card and in the dialog', async ({ page, request }) => {
    const driver = await apiAs(request, ACCOUNTS.driver, true);
    const at = new Date(Date.now() + 90 * 60_000).toISOString();
    await answer(driver.PUT('/api/driver/shift/planned-end', { body: { planned_end_at: at } }), 200);
    await page.setViewportSize({ width: 360, height: 800 });
    await signInAs(page, 'admin', { lang: 'bs', path: `/drivers?q=${encodeURIComponent(ACCOUNTS.driver)}` });
    await expect(page.getByText(new RegExp(`Završava u (.+\\s)?${clockIn(90)}`))).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: `Planiraj kraj smjene: ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Kraj smjene: ${name}` });
    await expect(dialog.getByLabel('Završava u')).toHaveValue(clockIn(90));
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/i33-plan-end-360-bs.png' });
  });
});
