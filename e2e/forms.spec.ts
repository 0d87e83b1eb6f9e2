import type { Page } from '@playwright/test';
import { answer, apiClient, expect, expectAccessible, signInAs, test } from './fixtures';

/** A category of its own (the test edits it freely); returns its id and a cleanup. */
async function ownCategory(page: Page, token: string) {
  const api = apiClient(page.request, token);
  const name = `Forma ${Date.now()}`;
  const { id } = (await answer(api.POST('/api/categories', { body: { name, description: 'Prije' } }), 201))
    .data;
  return { id, name, remove: () => api.DELETE('/api/categories/{id}', { params: { path: { id } } }) };
}

test.describe('forms keep unsaved input', () => {
  test('asks before leaving a changed form, not after saving; says "no connection" (en, 1440px)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const session = await signInAs(page, 'admin', { lang: 'en', path: '/404' });
    const category = await ownCategory(page, session.access_token);
    await page.goto(`/edit-category/${category.id}`);
    const description = page.getByLabel('Description', { exact: true });
    await expect(description).toHaveValue('Prije');

    // Unchanged: leaving asks nothing.
    const nav = page.getByRole('navigation', { name: 'Navigation' });
    await nav.getByRole('link', { name: 'Categories' }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await page.goBack();

    // Changed: a click away asks; Stay keeps the input, Leave goes.
    await description.click();
    await description.pressSequentially(' i poslije');
    await nav.getByRole('link', { name: 'Categories' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(ask).toContainText('Your changes in this form have not been saved and will be lost.');
    await expectAccessible(page);
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(ask).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/edit-category/${category.id}$`));
    await expect(description).toHaveValue('Prije i poslije');

    // A reload or closing the tab: the browser's own question (the page asks for it on beforeunload).
    const asks = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(asks).toBe(true);

    // The save gets no answer: "no connection", the input stays, and leaving still asks.
    await page.route(`**/api/categories/${category.id}`, (route) =>
      route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('No connection to the server. Check the network and try again.'),
    ).toBeVisible();
    await expect(description).toHaveValue('Prije i poslije');
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await ask.getByRole('button', { name: 'Stay' }).click();
    await page.unroute(`**/api/categories/${category.id}`);

    // Saved: back to the list (the one rule for an edit page), without a question.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Category edited')).toBeVisible();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(ask).toHaveCount(0);

    // Leave discards.
    await page.goto(`/edit-category/${category.id}`);
    await expect(description).toHaveValue('Prije i poslije');
    await description.fill('Odbačeno');
    await nav.getByRole('link', { name: 'Categories' }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await category.remove();
  });

  test('in Bosnian at 360px: the back button asks too, and a lost connection is said in Bosnian', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const session = await signInAs(page, 'admin', { lang: 'bs', path: '/404' });
    const category = await ownCategory(page, session.access_token);
    // Opened from the list inside the app, so the back button is the app's own navigation.
    await page.goto('/categories');
    await page.getByRole('link', { name: `Uredi ${category.name}` }).click();
    const description = page.getByLabel('Opis', { exact: true });
    await expect(description).toHaveValue('Prije');
    await description.fill('Nešto novo');
    await page.route(`**/api/categories/${category.id}`, (route) =>
      route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.getByRole('button', { name: 'Sačuvaj' }).click();
    await expect(page.getByText('Nema veze sa serverom. Provjerite mrežu i pokušajte ponovo.')).toBeVisible();

    await page.evaluate(() => history.back());
    const ask = page.getByRole('dialog', { name: 'Napustiti bez čuvanja?' });
    await expect(ask).toContainText('Izmjene u ovom obrascu nisu sačuvane i bit će izgubljene.');
    const box = await ask.getByRole('button', { name: 'Ostani' }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await ask.getByRole('button', { name: 'Ostani' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-category/${category.id}$`));
    await expect(description).toHaveValue('Nešto novo');
    await page.evaluate(() => history.back());
    await ask.getByRole('button', { name: 'Napusti' }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await category.remove();
  });
});
