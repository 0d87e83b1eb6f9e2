import { expect, expectAccessible, signInAs, test } from './fixtures';

test.describe('account', () => {
  test('Profile edits own name and shows it in the account menu', async ({ page }) => {
    await signInAs(page, 'app_manager', { lang: 'en' });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expectAccessible(page);
    await page.getByLabel('First name', { exact: true }).fill('Emina');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile saved')).toBeVisible();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu').getByText('Emina Kovačević')).toBeVisible();
  });

  test('Settings: the password policy, the leak list and a wrong current password are explained under the fields', async ({
    page,
  }) => {
    await signInAs(page, 'dispatcher', { lang: 'en', path: '/settings' });
    await expectAccessible(page);
    const change = async (current: string, next: string, confirm = next) => {
      await page.getByLabel('Current password', { exact: true }).fill(current);
      await page.getByLabel('New password', { exact: true }).fill(next);
      await page.getByLabel('Confirm new password', { exact: true }).fill(confirm);
      await page.getByRole('button', { name: 'Change password' }).click();
    };
    await change('DemoPass!2026', 'short');
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await change('DemoPass!2026', 'Zu7#mostarBridge', 'Zu7#mostarBridgX');
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await change('DemoPass!2026', 'P@ssw0rd');
    await expect(
      page
        .getByText('The given password has appeared in a data leak. Please choose a different password.')
        .first(),
    ).toBeVisible();
    await change('Wrong!Pass1', 'Zu7#mostarBridge');
    await expect(page.getByText('The current password is not correct')).toBeVisible();
  });

  test('Settings lists the active sessions and signs out another one', async ({ page, browser }) => {
    // A second device signs in as the same user.
    const other = await browser.newPage();
    await signInAs(other, 'restaurant_manager', { lang: 'en' });
    await other.close();

    await signInAs(page, 'restaurant_manager', { lang: 'en', path: '/settings' });
    const sessions = page.getByRole('table', { name: 'Active sessions' });
    await expect(sessions.getByText('This session')).toBeVisible();
    const signOutButtons = sessions.getByRole('button', { name: 'Sign out' });
    const before = await signOutButtons.count();
    expect(before).toBeGreaterThan(0);
    await signOutButtons.first().click();
    await expect(page.getByText('Session signed out')).toBeVisible();
    await expect(signOutButtons).toHaveCount(before - 1);
  });

  test('the active sessions fit a 360px screen without scrolling sideways', async ({ page, browser }) => {
    const other = await browser.newPage();
    await signInAs(other, 'dispatcher', { lang: 'bs' });
    await other.close();
    await page.setViewportSize({ width: 360, height: 800 });
    await signInAs(page, 'dispatcher', { lang: 'bs', path: '/settings' });
    const sessions = page.getByRole('table', { name: 'Aktivne sesije' });
    await expect(sessions.getByText('Ova sesija')).toBeVisible();
    const [scrollWidth, clientWidth] = await sessions.evaluate((table) => {
      const box = table.parentElement as HTMLElement;
      return [box.scrollWidth, box.clientWidth];
    });
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
