import {
  ACCOUNTS,
  answer,
  apiAs,
  apiClient,
  expect,
  expectAccessible,
  pick,
  signInAs,
  test,
} from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const STRONG_PASSWORD = 'Str0ng!Pass#2026';
const LEAKED = {
  en: 'The given password has appeared in a data leak. Please choose a different password.',
  bs: 'Navedena lozinka se pojavila u curenju podataka. Molimo odaberite drugu lozinku.',
};

test.describe('users (Admin)', () => {
  test('list: role and restaurant filters and the search are kept in the URL', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'en', path: '/users' });
    const grid = page.getByRole('grid', { name: 'Users' });
    await expect(grid.getByRole('row', { name: /@/ }).first()).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Restaurant Manager' });
    await expect(page).toHaveURL(/role=restaurant_manager/);
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('restaurant_manager');
    await pick(page, 'Restaurant', 'Željo', 'Ćevabdžinica Željo');
    await expect(page).toHaveURL(/restaurant_id=\d+/);
    await expect(grid.getByRole('row', { name: /manager@example\.com/ })).toBeVisible();
    await expect(grid.getByRole('row', { name: /employee@example\.com/ })).toHaveCount(0);
    await expect(grid.getByRole('row', { name: /admin@example\.com/ })).toHaveCount(0);

    await page.reload();
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('restaurant_manager');
    await expect(grid.getByRole('row', { name: /manager@example\.com/ })).toBeVisible();
    await expect(grid.getByRole('row', { name: /employee@example\.com/ })).toHaveCount(0);

    await page.getByLabel('Search users').fill('nobody such anywhere');
    await expect(page).toHaveURL(/q=nobody/);
    await expect(page.getByText('Not found')).toBeVisible();
  });

  test('create with validation messages, edit, deactivate, then delete after confirmation', async ({
    page,
  }) => {
    const id = unique();
    const email = `ena.${id}@example.com`;
    await signInAs(page, 'admin', { lang: 'en', path: '/users' });
    await page.getByRole('link', { name: 'Add user' }).click();
    await expect(page).toHaveURL(/\/add-user$/);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('First name', { exact: true }).fill('Ena');
    await page.getByLabel('Last name', { exact: true }).fill(`Kovač ${id}`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Restaurant Employee' });
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Choose the restaurant this person works in')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('password12');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText(
        'Password must contain one uppercase letter, one lowercase letter, one number and one special character',
      ),
    ).toBeVisible();

    // The policy passes; the API's leak check refuses it, under the field.
    await pick(page, 'Restaurant', 'Željo', 'Ćevabdžinica Željo');
    await page.getByLabel('Password', { exact: true }).fill('P@ssw0rd');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(LEAKED.en);
    await expect(page).toHaveURL(/\/add-user$/);

    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User added')).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);

    await page.getByLabel('Search users').fill(email);
    const row = page.getByRole('row', { name: new RegExp(email.replace('.', '\\.')) });
    await expect(row).toContainText('Restaurant Employee');
    await expect(row).toContainText('Ćevabdžinica Željo');
    await row.getByRole('link', { name: `Edit Ena Kovač ${id}` }).click();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await expect(page.getByRole('combobox', { name: 'Restaurant', exact: true })).toHaveValue(
      'Ćevabdžinica Željo',
    );
    await expectAccessible(page);
    await page.getByLabel('Last name', { exact: true }).fill(`Kovačević ${id}`);
    await page.getByLabel('Active account').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User edited')).toBeVisible();
    await expect(page).toHaveURL(/\/users/);

    await page.goto(`/users?q=${encodeURIComponent(email)}`);
    const edited = page.getByRole('row', { name: new RegExp(`Kovačević ${id}`) });
    await expect(edited).toContainText('Inactive');
    await edited.getByRole('button', { name: `Delete Ena Kovačević ${id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete user' });
    await expect(dialog).toContainText(`Ena Kovačević ${id}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(edited).toBeVisible();
    await edited.getByRole('button', { name: `Delete Ena Kovačević ${id}` }).click();
    await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User deleted')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`Kovačević ${id}`) })).toHaveCount(0);
  });

  test('an account with a history is deactivated instead of deleted, and the toast says so', async ({
    page,
  }) => {
    const id = unique();
    const email = `history.${id}@example.com`;
    const admin = await apiAs(page.request, ACCOUNTS.admin);
    const created = admin.POST('/api/users', {
      body: {
        first_name: 'Haris',
        last_name: `Historija ${id}`,
        email,
        role: 'app_manager',
        password: STRONG_PASSWORD,
      },
    });
    await answer(created, 201);
    // The new account changes its own profile: a log entry that must keep pointing at it.
    const signIn = apiClient(page.request).POST('/api/auth/sign-in', {
      body: { email, password: STRONG_PASSWORD },
    });
    const own = apiClient(page.request, (await answer(signIn, 200)).data.access_token);
    const patched = own.PATCH('/api/auth/me', {
      body: { first_name: 'Harun', last_name: `Historija ${id}`, email },
    });
    await answer(patched, 200);

    await signInAs(page, 'admin', { lang: 'en', path: `/users?q=${encodeURIComponent(email)}` });
    await page.getByRole('button', { name: `Delete Harun Historija ${id}` }).click();
    await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText(
        'The user has a history (orders, shifts or log entries), so the account was deactivated instead of deleted.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`Historija ${id}`) })).toContainText('Inactive');
  });

  test('in Bosnian: the form speaks Bosnian, including the API leak message', async ({ page }) => {
    const id = unique();
    await signInAs(page, 'admin', { lang: 'bs', path: '/add-user' });
    await expect(page.getByRole('heading', { name: 'Dodaj korisnika' })).toBeVisible();
    await page.getByLabel('Ime', { exact: true }).fill('Lejla');
    await page.getByLabel('Prezime', { exact: true }).fill(`Bosnić ${id}`);
    await page.getByLabel('Email', { exact: true }).fill(`lejla.${id}@example.com`);
    await page.getByLabel('Uloga', { exact: true }).selectOption({ label: 'Uposlenik restorana' });
    await page.getByLabel('Lozinka', { exact: true }).fill('lozinka12');
    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(page.getByText('Odaberite restoran u kojem ova osoba radi')).toBeVisible();
    await expect(
      page.getByText(
        'Lozinka mora sadržavati jedno veliko slovo, jedno malo slovo, jedan broj i jedan poseban znak',
      ),
    ).toBeVisible();
    await expectAccessible(page);

    await pick(page, 'Restoran', 'Bosna', 'Buregdžinica Bosna');
    await page.getByLabel('Lozinka', { exact: true }).fill('P@ssw0rd');
    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(page.getByLabel('Lozinka', { exact: true })).toHaveAccessibleDescription(LEAKED.bs);
  });

  test('the users of a restaurant, from the restaurants list', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'en', path: '/restaurants' });
    await page.getByRole('link', { name: 'Users of Ćevabdžinica Željo' }).click();
    await expect(page).toHaveURL(/\/resturant\/\d+\/users$/);
    await expect(page.getByRole('heading', { name: 'Users of Ćevabdžinica Željo' })).toBeVisible();
    const grid = page.getByRole('grid', { name: 'Users of Ćevabdžinica Željo' });
    await expect(grid.getByRole('row', { name: /manager@example\.com/ })).toBeVisible();
    await expect(grid.getByRole('row', { name: /employee@example\.com/ })).toBeVisible();
    await expect(grid.getByRole('row', { name: /manager2@example\.com/ })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('users (App Manager)', () => {
  test('is not offered Admin, cannot change Admin accounts and cannot delete their own', async ({ page }) => {
    await signInAs(page, 'app_manager', { lang: 'en', path: '/users?role=admin' });
    const adminRow = page.getByRole('row', { name: /admin@example\.com/ });
    await expect(adminRow).toBeVisible();
    await expect(adminRow.getByRole('link', { name: /^Edit / })).toHaveCount(0);
    await expect(adminRow.getByRole('button', { name: /^Delete / })).toHaveCount(0);

    await page.goto('/users?q=appmanager%40example.com');
    const ownRow = page.getByRole('row', { name: /appmanager@example\.com/ });
    await expect(ownRow.getByRole('link', { name: /^Edit / })).toBeVisible();
    await expect(ownRow.getByRole('button', { name: /^Delete / })).toHaveCount(0);

    await page.goto('/add-user');
    const role = page.getByLabel('Role', { exact: true });
    await expect(role.locator('option', { hasText: 'App Manager' })).toHaveCount(1);
    await expect(role.locator('option', { hasText: /^Admin$/ })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('employees (Restaurant Manager)', () => {
  test('the manager adds an employee, who signs in and sees the restaurant menu', async ({
    page,
    browser,
    baseURL,
  }) => {
    const id = unique();
    const email = `uposlenik.${id}@example.com`;
    const session = await signInAs(page, 'restaurant_manager', { lang: 'en' });
    await page
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('link', { name: 'Employees' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/resturant/${session.user.restaurant_id}/employees$`));
    await expect(page.getByRole('heading', { name: 'Employees of Ćevabdžinica Željo' })).toBeVisible();
    await expect(page.getByRole('row', { name: /employee@example\.com/ })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Add employee' }).click();
    await expect(page).toHaveURL(/\/add-employee/);
    await expect(page.getByLabel('Role', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Restaurant', { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByLabel('First name', { exact: true }).fill('Amar');
    await page.getByLabel('Last name', { exact: true }).fill(`Uposlenić ${id}`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Employee added')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/resturant/${session.user.restaurant_id}/employees$`));
    await expect(page.getByRole('row', { name: new RegExp(`Uposlenić ${id}`) })).toBeVisible();

    // Another restaurant's employees are not theirs.
    await page.goto(`/resturant/${(session.user.restaurant_id ?? 0) + 1}/employees`);
    await expect(page.getByText('No access')).toBeVisible();

    // The new employee signs in through the real form, in a browser of their own.
    const context = await browser.newContext({ baseURL, locale: 'bs-BA' });
    const other = await context.newPage();
    await other.goto('/sign-in');
    await other.getByLabel('Email', { exact: true }).fill(email);
    await other.getByLabel('Lozinka', { exact: true }).fill(STRONG_PASSWORD);
    await other.getByRole('button', { name: 'Prijava', exact: true }).click();
    const nav = other.getByRole('navigation', { name: 'Navigacija' });
    await expect(nav.getByRole('link', { name: 'Informacije' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Proizvodi' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Uposlenici' })).toHaveCount(0);
    await context.close();
  });

  test('the manager edits an employee without role or restaurant fields', async ({ page }) => {
    const session = await signInAs(page, 'restaurant_manager', { lang: 'bs' });
    await page.goto(`/resturant/${session.user.restaurant_id}/employees?q=employee%40example.com`);
    const row = page.getByRole('row', { name: /employee@example\.com/ });
    await row.getByRole('link', { name: /^Uredi / }).click();
    await expect(page).toHaveURL(/\/edit-employee\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Uredi uposlenika' })).toBeVisible();
    await expect(page.getByLabel('Uloga', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(ACCOUNTS.restaurant_employee);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(page.getByText('Uposlenik je izmijenjen')).toBeVisible();
  });
});

test.describe('employees (Admin)', () => {
  test('opening /add-employee directly asks for the restaurant first; deleting says "employee"', async ({
    page,
  }) => {
    const id = unique();
    await signInAs(page, 'admin', { lang: 'en', path: '/add-employee' });
    const restaurant = page.getByLabel('Restaurant', { exact: true });
    await expect(restaurant).toBeVisible();
    await expect(page.getByLabel('First name', { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await pick(page, 'Restaurant', 'Željo', 'Ćevabdžinica Željo');
    await expect(page).toHaveURL(/\/add-employee\?restaurant_id=\d+/);
    await page.getByLabel('First name', { exact: true }).fill('Selma');
    await page.getByLabel('Last name', { exact: true }).fill(`Privremena ${id}`);
    await page.getByLabel('Email', { exact: true }).fill(`privremena.${id}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Employee added')).toBeVisible();
    await expect(page).toHaveURL(/\/resturant\/\d+\/employees$/);

    await page.getByRole('button', { name: `Delete Selma Privremena ${id}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete employee' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Employee deleted')).toBeVisible();
    await expect(page.getByText('User deleted')).toHaveCount(0);
  });
});
