import { expect, expectAccessible, signInAs, test } from './fixtures';

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
