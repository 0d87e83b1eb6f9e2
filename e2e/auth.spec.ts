import { SignJWT } from 'jose';
import { ACCOUNTS, apiClient, DEMO_PASSWORD, expect, expectAccessible, signInAs, test } from './fixtures';
import { E2E_JWT_SECRET } from './playwright.config';

async function fillSignIn(
  page: import('@playwright/test').Page,
  email: string,
  password: string,
  lang: 'bs' | 'en',
) {
  const l =
    lang === 'bs'
      ? { email: 'Email', password: 'Lozinka', submit: 'Prijava' }
      : { email: 'Email', password: 'Password', submit: 'Sign in' };
  await page.getByLabel(l.email, { exact: true }).fill(email);
  await page.getByLabel(l.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: l.submit, exact: true }).click();
}

/** An access token that expired a minute ago, signed like the server's. */
function expiredToken(claims: { sub: number; role: string; rid: number | null; sid: number }) {
  return new SignJWT({ role: claims.role, rid: claims.rid, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setAudience('backoffice')
    .setIssuer('dostava')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 700)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

test.describe('sign-in', () => {
  test('in Bosnian by default: field messages, wrong password, then success', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Prijava', exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Prijava', exact: true }).click();
    await expect(page.getByText('Email je obavezan')).toBeVisible();
    await expect(page.getByText('Lozinka je obavezna')).toBeVisible();

    await fillSignIn(page, ACCOUNTS.admin, 'Wrong!Pass1', 'bs');
    await expect(page.getByText('Prijava nije uspjela.')).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);

    await fillSignIn(page, ACCOUNTS.admin, DEMO_PASSWORD, 'bs');
    // The sign-in page and the app are separate entries: the toast follows the page load (only it:
    // the earlier failure's toast stays behind).
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Uspješna prijava')).toBeVisible();
    await expect(page.getByText('Prijava nije uspjela.')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Navigacija' })).toBeVisible();
  });

  test('in English after switching language; drivers are refused with the seed message', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Jezik' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

    await fillSignIn(page, 'not-an-email', 'x', 'en');
    await expect(page.getByText('Must be a valid email')).toBeVisible();

    await fillSignIn(page, ACCOUNTS.driver, DEMO_PASSWORD, 'en');
    await expect(page.getByText('You need to be admin to login.')).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);

    // The choice persists across a reload.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });

  test('a signed-in visitor opening /sign-in goes home; a visitor without a session goes to /sign-in', async ({
    page,
  }) => {
    await page.goto('/restaurants');
    await expect(page).toHaveURL(/\/sign-in$/);
    await signInAs(page, 'admin');
    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/$/);
  });

  test('signing in brings the visitor back to the page that sent them to sign in', async ({ page }) => {
    await page.goto('/categories?q=pi');
    await expect(page).toHaveURL(/\/sign-in$/);
    await fillSignIn(page, ACCOUNTS.admin, DEMO_PASSWORD, 'bs');
    await expect(page).toHaveURL(/\/categories\?q=pi$/);
    await expect(page.getByRole('heading', { name: 'Kategorije', level: 1 })).toBeVisible();
  });

  test('unknown paths land on the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Stranica nije pronađena' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('sessions in the browser', () => {
  test('an expired access token is renewed without the user noticing', async ({ page }) => {
    const session = await signInAs(page, 'admin', { path: '/restaurants' });
    await expect(page.getByRole('grid', { name: 'Restorani' })).toBeVisible();
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString());
    const expired = await expiredToken({ sub: session.user.id, role: 'admin', rid: null, sid: claims.sid });
    await page.evaluate((token) => localStorage.setItem('token', token), expired);

    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200,
    );
    await page.reload();
    await refreshed;
    await expect(page.getByRole('grid', { name: 'Restorani' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Ćevabdžinica Željo/ })).toBeVisible();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      refresh: localStorage.getItem('refresh_token'),
    }));
    expect(stored.token).not.toBe(expired);
    expect(stored.refresh).not.toBe(session.refresh_token);
    await expect(page).toHaveURL(/\/restaurants/);
  });

  test('a failed refresh says so and signs out', async ({ page }) => {
    const session = await signInAs(page, 'admin', { lang: 'en' });
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString());
    const expired = await expiredToken({ sub: session.user.id, role: 'admin', rid: null, sid: claims.sid });
    await page.evaluate((token) => {
      localStorage.setItem('token', token);
      localStorage.setItem('refresh_token', 'stolen-or-revoked');
    }, expired);
    await page.goto('/restaurants');
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByText('Failed to refresh token. Please log in again!')).toBeVisible();
  });

  test('without a refresh token an expired session ends silently', async ({ page }) => {
    const session = await signInAs(page, 'admin', { lang: 'en' });
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString());
    const expired = await expiredToken({ sub: session.user.id, role: 'admin', rid: null, sid: claims.sid });
    await page.evaluate((token) => {
      localStorage.setItem('token', token);
      localStorage.removeItem('refresh_token');
    }, expired);
    await page.goto('/restaurants');
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByText('Failed to refresh token. Please log in again!')).toHaveCount(0);
  });

  test('logout clears the session and revokes it on the server', async ({ page }) => {
    const session = await signInAs(page, 'dispatcher', { lang: 'en', path: '/active-orders' });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu').getByText(session.user.email)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const { response } = await apiClient(page.request).POST('/api/auth/refresh', {
      body: { refresh_token: session.refresh_token },
    });
    expect(response.status).toBe(401);
  });

  test('logout still signs out when the server call fails', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'en' });
    await page.route('**/api/auth/logout', (route) =>
      route.fulfill({ status: 500, body: '{}', contentType: 'application/json' }),
    );
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('Something went wrong', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});
