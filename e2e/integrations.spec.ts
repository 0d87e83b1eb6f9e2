import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, expectAccessible, signInAs, test } from './fixtures';

/**
 * Integrations (issue 40): an Admin creates an integrator and an API key (its secret shown once),
 * rotates and revokes keys, registers a webhook endpoint (its signing secret shown once), sends a test
 * event to a receiver on this machine, reads the delivery log and replays a delivery. English at
 * 1440 px, Bosnian at 360 px, axe on every screen and dialog.
 */
const texts = {
  en: {
    integrators: 'Integrators',
    newIntegrator: 'New integrator',
    name: 'Name',
    email: 'Contact email',
    save: 'Save',
    created: 'Integrator created.',
    newKey: 'New API key',
    keyName: 'Key name',
    scope: 'Read orders',
    secretTitle: 'Copy the key now',
    apiKey: 'API key',
    done: 'Done',
    active: 'Active',
    expiring: 'Expiring',
    revoked: 'Revoked',
    rotate: 'Rotate',
    revoke: 'Revoke',
    newEndpoint: 'New endpoint',
    url: 'URL',
    event: 'Order created',
    endpointCreated: 'Endpoint registered.',
    signingSecret: 'Signing secret',
    log: 'Delivery log',
    sendTest: 'Send test event',
    testSent: 'Test event queued.',
    testEvent: 'Test event',
    delivered: 'Delivered',
    replay: 'Replay',
    replayed: 'Replay queued (1).',
    deactivate: 'Deactivate',
    activate: 'Activate',
    deleteEndpoint: 'Delete endpoint',
    delete: 'Delete',
    deleted: 'Endpoint deleted.',
    failed: 'Failed',
    stopped: 'Webhook endpoints stopped',
    attention: /^Webhook endpoints disabled after failures: \d+$/,
    gone: 'Disabled: the endpoint answered 410 Gone',
    editEndpoint: 'Edit endpoint',
    accepted: 'Order accepted',
    activeSwitch: 'Active',
    saved: 'Endpoint saved.',
  },
  bs: {
    integrators: 'Integratori',
    newIntegrator: 'Novi integrator',
    name: 'Naziv',
    email: 'Kontakt e-mail',
    save: 'Sačuvaj',
    created: 'Integrator je kreiran.',
    newKey: 'Novi API ključ',
    keyName: 'Naziv ključa',
    scope: 'Čitanje narudžbi',
    secretTitle: 'Kopirajte ključ sada',
    apiKey: 'API ključ',
    done: 'Gotovo',
    active: 'Aktivan',
    expiring: 'Ističe',
    revoked: 'Opozvan',
    rotate: 'Zamijeni',
    revoke: 'Opozovi',
    newEndpoint: 'Nova adresa',
    url: 'URL',
    event: 'Narudžba kreirana',
    endpointCreated: 'Adresa je registrovana.',
    signingSecret: 'Tajna za potpis',
    log: 'Dnevnik slanja',
    sendTest: 'Pošalji testni događaj',
    testSent: 'Testni događaj je u redu za slanje.',
    testEvent: 'Testni događaj',
    delivered: 'Poslano',
    replay: 'Ponovi',
    replayed: 'Ponovno slanje je u redu (1).',
    deactivate: 'Deaktiviraj',
    activate: 'Aktiviraj',
    deleteEndpoint: 'Obriši adresu',
    delete: 'Obriši',
    deleted: 'Adresa je obrisana.',
    failed: 'Neuspjelo',
    stopped: 'Webhook adrese zaustavljene',
    attention: /^Webhook adrese isključene nakon grešaka: \d+$/,
    gone: 'Isključena: adresa je odgovorila 410 Gone',
    editEndpoint: 'Uredi adresu',
    accepted: 'Narudžba prihvaćena',
    activeSwitch: 'Aktivan',
    saved: 'Adresa je sačuvana.',
  },
} as const;

/** A receiver on this machine: what the API delivered, by webhook-id; it answers `status`. */
async function receiver() {
  const ids: string[] = [];
  const state = { status: 204 };
  const server = http.createServer((req, res) => {
    ids.push(String(req.headers['webhook-id']));
    req.resume();
    req.on('end', () => res.writeHead(state.status).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { ids, state, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

for (const [lang, width] of [
  ['en', 1440],
  ['bs', 360],
] as const) {
  test(`integrations in ${lang} at ${width}px: integrator, keys shown once, rotated and revoked; webhook log and replay`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const x = texts[lang];
    const name = `Kasa ${lang} ${Date.now()}`;
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'admin', { lang, path: '/integrations' });
    await expect(page.getByRole('heading', { name: x.integrators, level: 1 })).toBeVisible();
    await expectAccessible(page);

    // An integrator.
    await page.getByRole('button', { name: x.newIntegrator }).click();
    const dialog = page.getByRole('dialog', { name: x.newIntegrator });
    await dialog.getByRole('textbox', { name: x.name }).fill(name);
    await dialog.getByRole('textbox', { name: x.email }).fill('dev@kasa.example');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: x.save }).click();
    await expect(page.getByText(x.created)).toBeVisible();
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

    // A key: its secret shown once.
    await page.getByRole('button', { name: x.newKey }).click();
    const keyDialog = page.getByRole('dialog', { name: x.newKey });
    await keyDialog.getByRole('textbox', { name: x.keyName }).fill('Kasa 1');
    await keyDialog.getByRole('checkbox', { name: x.scope }).check();
    await keyDialog.getByRole('checkbox', { name: 'Ćevabdžinica Željo' }).check();
    await expectAccessible(page);
    await keyDialog.getByRole('button', { name: x.save }).click();
    const secretDialog = page.getByRole('dialog', { name: x.secretTitle });
    await expect(secretDialog.getByRole('textbox', { name: x.apiKey })).toHaveValue(/^dsk_[a-z0-9]{10}_/);
    const secret = await secretDialog.getByRole('textbox', { name: x.apiKey }).inputValue();
    await expectAccessible(page);
    await secretDialog.getByRole('button', { name: x.done }).click();
    const prefix = secret.slice(0, 14);
    const card = page.getByRole('article', { name: `Kasa 1 ${prefix}` });
    await expect(card.getByText(x.active, { exact: true })).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    // Rotated with an overlap: a new secret, the old key expiring; then the new one revoked.
    await card.getByRole('button', { name: `${x.rotate} ${prefix}` }).click();
    const rotateDialog = page.getByRole('dialog');
    await expectAccessible(page);
    await rotateDialog.getByRole('button', { name: x.rotate }).click();
    const rotated = page
      .getByRole('dialog', { name: x.secretTitle })
      .getByRole('textbox', { name: x.apiKey });
    await expect(rotated).toHaveValue(/^dsk_/);
    const next = (await rotated.inputValue()).slice(0, 14);
    expect(next).not.toBe(prefix);
    await page.getByRole('button', { name: x.done }).click();
    await expect(card.getByText(x.expiring, { exact: true })).toBeVisible();
    const nextCard = page.getByRole('article', { name: `Kasa 1 ${next}` });
    await nextCard.getByRole('button', { name: `${x.revoke} ${next}` }).click();
    await expectAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: x.revoke }).click();
    await expect(nextCard.getByText(x.revoked, { exact: true })).toBeVisible();
    await page.screenshot({ path: `test-results/integrations-keys-${lang}-${width}.png`, fullPage: true });

    // Deactivated: every key stops at once (asked first).
    await page.getByRole('button', { name: x.deactivate }).click();
    await expectAccessible(page);
    await page.getByRole('dialog').getByRole('button', { name: x.deactivate }).click();
    await expect(page.getByRole('button', { name: x.activate })).toBeVisible();

    // A webhook endpoint to a receiver here; its secret shown once.
    const rx = await receiver();
    try {
      await page.goto('/webhooks');
      await page.getByRole('button', { name: x.newEndpoint }).click();
      const endpointDialog = page.getByRole('dialog', { name: x.newEndpoint });
      await endpointDialog.getByRole('textbox', { name: x.url }).fill(rx.url);
      await endpointDialog.getByRole('checkbox', { name: x.event }).check();
      await expectAccessible(page);
      await endpointDialog.getByRole('button', { name: x.save }).click();
      await expect(page.getByText(x.endpointCreated)).toBeVisible();
      await expect(
        page.getByRole('dialog', { name: x.secretTitle }).getByRole('textbox', { name: x.signingSecret }),
      ).toHaveValue(/^whsec_/);
      await page.getByRole('button', { name: x.done }).click();
      await page.getByRole('link', { name: rx.url }).click();
      await expect(page.getByRole('heading', { name: x.log, level: 1 })).toBeVisible();
      await expectAccessible(page);

      // A test event, delivered and logged; replayed with the same id.
      await page.getByRole('button', { name: x.sendTest }).click();
      await expect(page.getByText(x.testSent)).toBeVisible();
      const delivery = page.getByRole('button', { name: new RegExp(x.testEvent) });
      await expect(delivery).toContainText(x.delivered, { timeout: 60_000 });
      await delivery.click();
      await expect(page.getByText('204', { exact: true })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: x.replay, exact: true }).click();
      await expect(page.getByText(x.replayed)).toBeVisible();
      await expect.poll(() => rx.ids.length, { timeout: 60_000 }).toBe(2);
      expect(new Set(rx.ids).size).toBe(1);
      await page.screenshot({ path: `test-results/integrations-${lang}-${width}.png`, fullPage: true });

      // The receiver answers 410 Gone: the endpoint is disabled, and the Admin is told on the endpoints
      // screen and in the header, on every screen.
      rx.state.status = 410;
      await page.getByRole('button', { name: x.sendTest }).click();
      await expect(page.getByRole('button', { name: new RegExp(`${x.failed}.*${x.testEvent}`) })).toBeVisible(
        {
          timeout: 60_000,
        },
      );
      await page.goto('/webhooks');
      const notice = page.getByRole('alert').filter({ hasText: x.stopped });
      await expect(notice).toContainText(rx.url);
      const attention = page.getByRole('link', { name: x.attention });
      await expect(attention).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({
        path: `test-results/integrations-disabled-${lang}-${width}.png`,
        fullPage: true,
      });
      await page.getByRole('link', { name: rx.url }).click();
      await expect(page.getByText(x.gone)).toBeVisible();

      // Edited: one more event type, and active again (which clears the notice).
      rx.state.status = 204;
      await page.getByRole('button', { name: x.editEndpoint }).click();
      const editDialog = page.getByRole('dialog', { name: x.editEndpoint });
      await expect(editDialog.getByRole('textbox', { name: x.url })).toHaveValue(rx.url);
      await expect(editDialog.getByRole('checkbox', { name: x.event })).toBeChecked();
      await editDialog.getByRole('checkbox', { name: x.accepted }).check();
      await editDialog.getByRole('switch', { name: x.activeSwitch }).check();
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/integrations-edit-${lang}-${width}.png`, fullPage: true });
      await editDialog.getByRole('button', { name: x.save }).click();
      await expect(page.getByText(x.saved)).toBeVisible();
      await expect(page.getByText(x.gone)).toHaveCount(0);
      await expect(page.getByText(`${x.event}, ${x.accepted}`)).toBeVisible();
      await page.goto('/webhooks');
      await expect(page.getByRole('link', { name: rx.url })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: x.stopped })).toHaveCount(0);
      await page.getByRole('link', { name: rx.url }).click();

      // Deleted (asked first): back at the list, where it is gone.
      await page.getByRole('button', { name: x.deleteEndpoint }).click();
      await page.getByRole('dialog').getByRole('button', { name: x.delete }).click();
      await expect(page.getByText(x.deleted)).toBeVisible();
      await expect(page.getByRole('link', { name: rx.url })).toHaveCount(0);
    } finally {
      rx.server.close();
    }
  });
}
