import { type DemoRole, expect, expectAccessible, signInAs, test } from './fixtures';

const nav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Navigation' });

async function expandAll(page: import('@playwright/test').Page) {
  const collapsed = nav(page).locator('[aria-expanded="false"]');
  while ((await collapsed.count()) > 0) await collapsed.first().click();
}

async function links(page: import('@playwright/test').Page) {
  await expect(nav(page).getByRole('link').first()).toBeVisible();
  await expandAll(page);
  return nav(page)
    .getByRole('link')
    .evaluateAll((els) =>
      els.map((e) => `${e.textContent?.trim()} ${new URL((e as HTMLAnchorElement).href).pathname}`),
    );
}

test.describe('navigation per role', () => {
  test('Admin and App Manager get the full menu', async ({ page }) => {
    for (const role of ['admin', 'app_manager'] as DemoRole[]) {
      await signInAs(page, role, { lang: 'en' });
      // Integrators and webhooks are the Admin's alone (issue 40).
      const integrations = role === 'admin' ? ['Integrators /integrations', 'Webhooks /webhooks'] : [];
      expect(await links(page)).toEqual([
        'Dashboard /',
        'Users list /users',
        'Drivers /drivers',
        'Vehicles /vehicles',
        'Categories /categories',
        'Restaurants /restaurants',
        'All orders /orders',
        'Active orders /active-orders',
        'Dispatch settings /dispatch-settings',
        'Customer messages /notifications',
        'Proof of delivery /proof-settings',
        'Cash register /end-shift',
        'Settlement /settlements',
        'Incidents /incidents',
        'Drivers meals /drivers-meals',
        'Zones /zones',
        'Delivery fees /fee-rules',
        'Quote simulator /quote-simulator',
        'App versions /app-versions',
        'Log /log',
        ...integrations,
      ]);
      await expectAccessible(page);
    }
  });

  test('the Dispatcher gets the short menu and starts at active orders', async ({ page }) => {
    await signInAs(page, 'dispatcher', { lang: 'en' });
    await expect(page).toHaveURL(/\/active-orders$/);
    expect(await links(page)).toEqual([
      'Orders /active-orders',
      'Drivers /drivers-location',
      'Cash register /end-shift',
      'Incidents /incidents',
    ]);
    await page.goto('/restaurants');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  });

  test('restaurant staff get their restaurant menu; only the manager sees Employees', async ({ page }) => {
    const manager = await signInAs(page, 'restaurant_manager', { lang: 'en' });
    const id = manager.user.restaurant_id;
    expect(await links(page)).toEqual([
      'Dashboard /',
      `Information /restaurant/${id}`,
      `Products /resturant/${id}/products`,
      `Employees /resturant/${id}/employees`,
      'All orders /restaurant-orders',
      'Active orders /restaurant-active-orders',
      'Incidents /incidents',
    ]);
    await signInAs(page, 'restaurant_employee', { lang: 'en' });
    expect(await links(page)).toEqual([
      'Dashboard /',
      `Information /restaurant/${id}`,
      `Products /resturant/${id}/products`,
      'All orders /restaurant-orders',
      'Active orders /restaurant-active-orders',
      'Incidents /incidents',
    ]);
    await page.goto('/restaurants');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  });

  test('the language switcher changes every text at once and the choice persists', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'bs' });
    await expect(
      page.getByRole('navigation', { name: 'Navigacija' }).getByRole('link', { name: 'Kontrolna ploča' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Jezik' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await page.reload();
    await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  test('route changes scroll to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 400 });
    await signInAs(page, 'admin', { lang: 'en', path: '/restaurants' });
    await expect(page.getByRole('grid', { name: 'Restaurants' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await nav(page).getByRole('link', { name: 'Categories' }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('at 360px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu button opens a drawer that closes on navigation; nothing overflows', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'en' });
    await expect(nav(page)).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav(page)).toBeVisible();
    await nav(page).getByRole('link', { name: 'Restaurants', exact: true }).click();
    await expect(page).toHaveURL(/\/restaurants$/);
    await expect(nav(page)).toBeHidden();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
