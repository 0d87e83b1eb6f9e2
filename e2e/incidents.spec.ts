import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMoney } from '@dostava/shared';
import { answer, apiClient, expect, expectAccessible, signInAs, test } from './fixtures';

/**
 * Issue 38: a dispatcher reports an incident on yesterday's order, refunds part of it (over the
 * approval threshold, so it waits), resolves the incident; an Admin approves the refund; the
 * restaurant's settlement of the period deducts it. English at 1440 px, Bosnian at 360 px.
 */
const texts = {
  en: {
    incidents: 'Incidents',
    report: 'Report incident',
    type: /^Type/,
    missing: 'Missing item',
    quantity: (name: string) => `Quantity of ${name}`,
    comment: 'Comment',
    reported: 'The incident is reported',
    open: 'Open',
    start: 'Start handling',
    inProgress: 'In progress',
    refund: 'Partial refund',
    liable: /^Charged to/,
    restaurant: 'Restaurant',
    reference: /^Card refund reference/,
    cashReturn: /^Cash returned/,
    later: 'Later, by the office',
    reason: /^Reason/,
    threshold: /an Admin or App Manager must approve it/,
    waiting: 'The refund waits for approval',
    resolve: 'Resolve',
    resolution: /^Resolution/,
    resolved: 'The incident is resolved',
    resolvedChip: 'Resolved',
    pending: 'Waiting for approval',
    approve: 'Approve refund',
    approved: 'The refund is approved',
    approvedChip: 'Approved',
    refundsLine: 'Refunds and redeliveries charged to the restaurant',
    upload: 'Upload image',
    photo: 'Photos',
    rules: 'Refund rules',
    thresholdField: /^Approval above/,
    save: 'Save',
    rulesSaved: 'The refund rules are saved',
    counter: /open incidents$/,
    deductions: 'Refunds and redeliveries in this settlement',
  },
  bs: {
    incidents: 'Incidenti',
    report: 'Prijavi incident',
    type: /^Vrsta/,
    missing: 'Nedostaje stavka',
    quantity: (name: string) => `Količina: ${name}`,
    comment: 'Komentar',
    reported: 'Incident je prijavljen',
    open: 'Otvoren',
    start: 'Preuzmi',
    inProgress: 'U obradi',
    refund: 'Djelimični povrat',
    liable: /^Na teret/,
    restaurant: 'Restoran',
    reference: /^Referenca povrata na kartici/,
    cashReturn: /^Gotovina vraćena/,
    later: 'Kasnije, iz ureda',
    reason: /^Razlog/,
    threshold: /mora odobriti Admin ili App Manager/,
    waiting: 'Povrat čeka odobrenje',
    resolve: 'Riješi',
    resolution: /^Rješenje/,
    resolved: 'Incident je riješen',
    resolvedChip: 'Riješen',
    pending: 'Čeka odobrenje',
    approve: 'Odobri povrat',
    approved: 'Povrat je odobren',
    approvedChip: 'Odobren',
    refundsLine: 'Povrati i ponovne dostave na teret restorana',
    upload: 'Učitaj sliku',
    photo: 'Fotografije',
    rules: 'Pravila povrata',
    thresholdField: /^Odobrenje iznad/,
    save: 'Sačuvaj',
    rulesSaved: 'Pravila povrata su sačuvana',
    counter: /^Otvoreni incidenti/,
    deductions: 'Povrati i ponovne dostave u ovom obračunu',
  },
} as const;

const here = path.dirname(fileURLToPath(import.meta.url));
const TZ = 'Europe/Sarajevo';
/** The operation's calendar day `daysAgo` days back. */
const day = (daysAgo: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - daysAgo);
  return date.toISOString().slice(0, 10);
};
const localDay = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(instant));

for (const [lang, width] of [
  ['en', 1440],
  ['bs', 360],
] as const) {
  test(`incidents in ${lang} at ${width}px: report, refund in part, approve, see it on the settlement`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const x = texts[lang];
    await page.setViewportSize({ width, height: 900 });
    const admin = await signInAs(page, 'admin', { lang, path: '/404' });
    const api = apiClient(page.request, admin.access_token);
    // The Admin sets the refund rules: every refund over 1 KM waits for approval.
    await page.goto('/incidents');
    const rules = page.getByRole('region', { name: x.rules });
    await rules.getByRole('textbox', { name: x.thresholdField }).fill('1');
    await rules.getByRole('button', { name: x.save }).click();
    await expect(page.getByText(x.rulesSaved)).toBeVisible();
    await expectAccessible(page);
    // An order delivered yesterday, created in the last two days (the dispatcher reaches those), of a
    // restaurant whose last week is not settled yet (each language takes its own restaurant).
    const since = new Date(Date.now() - 40 * 3_600_000).toISOString();
    const recent = await answer(
      api.GET('/api/orders', { params: { query: { status: 'delivered', from: since, per_page: 100 } } }),
    );
    const settled = await answer(api.GET('/api/settlements', { params: { query: { per_page: 100 } } }));
    const busy = new Set(settled.data.filter((s) => s.to >= day(7)).map((s) => s.restaurant.id));
    const candidates = recent.data.filter(
      (o) => o.delivered_at && localDay(o.delivered_at) === day(1) && !busy.has(o.restaurant.id),
    );
    // Each language its own restaurant, whichever ran first.
    const first = candidates[0];
    const order = lang === 'en' ? first : candidates.find((o) => o.restaurant.id !== first?.restaurant.id);
    if (!order)
      throw new Error('No order delivered yesterday at a restaurant without a settlement of last week.');
    const before = await answer(api.GET('/api/orders/{id}/refunds', { params: { path: { id: order.id } } }));
    const line = before.data.lines[0];
    if (!line) throw new Error('The order has no items.');
    const amount = formatMoney(line.unit_price, lang);

    // The dispatcher reports the incident on the order page.
    await signInAs(page, 'dispatcher', { lang, path: `/orders/${order.id}` });
    const incidents = page.getByRole('region', { name: x.incidents });
    await incidents.getByRole('button', { name: x.report }).click();
    const report = page.getByRole('dialog');
    await report.getByRole('combobox', { name: x.type }).selectOption({ label: x.missing });
    await report.getByLabel(x.quantity(line.name)).fill('1');
    await report.getByLabel(x.comment).fill('Nedostaje jedna porcija');
    await report.getByLabel(x.upload).setInputFiles(path.join(here, 'assets', 'dish.png'));
    await expect(report.getByRole('img').first()).toBeVisible();
    await expectAccessible(page);
    await report.getByRole('button', { name: x.report }).click();
    await expect(page.getByText(x.reported)).toBeVisible();
    await expect(incidents.getByText(x.missing)).toBeVisible();
    await expect(incidents.getByRole('img', { name: x.photo })).toBeVisible();
    await expect(incidents.getByText(x.open, { exact: true })).toBeVisible();
    await incidents.getByRole('button', { name: x.start }).click();
    await expect(incidents.getByText(x.inProgress, { exact: true })).toBeVisible();

    // A partial refund of that one item, charged to the restaurant: over the threshold, it waits.
    await incidents.getByRole('button', { name: x.refund }).click();
    const refund = page.getByRole('dialog');
    await refund.getByLabel(x.quantity(line.name)).fill('1');
    await refund.getByRole('combobox', { name: x.liable }).selectOption({ label: x.restaurant });
    if (order.payment_method === 'card')
      await refund.getByRole('textbox', { name: x.reference }).fill('TX-4471');
    else await refund.getByRole('combobox', { name: x.cashReturn }).selectOption({ label: x.later });
    await refund.getByRole('textbox', { name: x.reason }).fill('Nedostaje jedna porcija');
    await expect(refund.getByText(x.threshold)).toBeVisible();
    await expectAccessible(page);
    await refund.screenshot({ path: `test-results/incidents-refund-${lang}-${width}.png` });
    await refund.getByRole('button', { name: x.refund }).click();
    await expect(page.getByText(x.waiting)).toBeVisible();

    // Then the incident is resolved as refunded, the resolution chosen already.
    const resolve = page.getByRole('dialog', { name: x.resolve });
    await expect(resolve.getByRole('combobox', { name: x.resolution })).toHaveValue('refund');
    await resolve.getByRole('textbox', { name: x.reason }).fill('Vraćen novac za porciju');
    await resolve.getByRole('button', { name: x.resolve }).click();
    await expect(page.getByText(x.resolved)).toBeVisible();
    await expect(incidents.getByText(x.resolvedChip, { exact: true })).toBeVisible();
    const refunds = page.getByRole('region', { name: lang === 'en' ? 'Refunds' : 'Povrati' });
    await expect(refunds.getByText(x.pending, { exact: true })).toBeVisible();
    // A dispatcher cannot approve it.
    await expect(refunds.getByRole('button', { name: x.approve })).toHaveCount(0);
    await expectAccessible(page);

    // The dispatch board counts the open incidents and leads to them.
    const open = await answer(api.GET('/api/incidents/counts'));
    await page.goto('/active-orders');
    const counter = page.getByRole('link', { name: x.counter });
    await expect(counter).toContainText(String(open.data.open));
    await counter.click();
    await expect(page).toHaveURL(/\/incidents\?status=open/);

    // An Admin approves it.
    await signInAs(page, 'admin', { lang, path: `/orders/${order.id}` });
    const adminRefunds = page.getByRole('region', { name: lang === 'en' ? 'Refunds' : 'Povrati' });
    await adminRefunds.getByRole('button', { name: x.approve }).click();
    await expect(page.getByText(x.approved)).toBeVisible();
    await expect(adminRefunds.getByText(x.approvedChip, { exact: true })).toBeVisible();
    await expectAccessible(page);
    await adminRefunds.screenshot({ path: `test-results/incidents-order-${lang}-${width}.png` });

    // The settlement of the restaurant's last week deducts it.
    const settlement = await answer(
      api.POST('/api/settlements', {
        body: { restaurant_id: order.restaurant.id, from: day(7), to: day(1) },
      }),
      201,
    );
    expect(settlement.data.refunds_amount).toBe(line.unit_price);
    await page.goto(`/settlements/${settlement.data.id}`);
    await expect(page.getByText(x.refundsLine)).toBeVisible();
    await expect(page.getByText(`−${amount}`).first()).toBeVisible();
    const deductions = page.getByRole('region', { name: x.deductions });
    await expect(deductions.getByRole('link', { name: order.order_number })).toBeVisible();
    await expectAccessible(page);

    // The incidents list finds it among the resolved ones.
    await page.goto('/incidents?status=resolved');
    await expect(page.getByRole('link', { name: order.order_number })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/incidents-${lang}-${width}.png`, fullPage: true });
  });
}

/**
 * Issue 38, what followed: an Admin resolves an incident by redelivery (a new order at no charge,
 * each order page linking to the other), the cash register lists cash the office gave back later, and
 * the dashboard counts incidents and refunds of the period. English at 1440 px, Bosnian at 360 px.
 */
const followups = {
  en: {
    incidents: 'Incidents',
    resolve: 'Resolve',
    resolution: /^Resolution/,
    redeliver: 'Redeliver',
    quantity: (name: string) => `Quantity of ${name}`,
    liable: /^Cost of the redelivery charged to/,
    restaurant: 'Restaurant',
    reason: /^Reason/,
    resolved: 'The incident is resolved',
    redeliveredAs: /^Redelivered as order /,
    redeliveryOf: (n: string) => `Redelivery of order ${n} at no charge`,
    office: 'Cash refunds paid by the office',
    analytics: 'Incidents and refunds',
    byType: 'By type',
    missing: 'Missing item',
    exportCsv: 'Export CSV',
  },
  bs: {
    incidents: 'Incidenti',
    resolve: 'Riješi',
    resolution: /^Rješenje/,
    redeliver: 'Ponovna dostava',
    quantity: (name: string) => `Količina: ${name}`,
    liable: /^Trošak ponovne dostave snosi/,
    restaurant: 'Restoran',
    reason: /^Razlog/,
    resolved: 'Incident je riješen',
    redeliveredAs: /^Ponovo dostavljeno kao narudžba /,
    redeliveryOf: (n: string) => `Besplatna ponovna dostava narudžbe ${n}`,
    office: 'Gotovinski povrati koje isplaćuje ured',
    analytics: 'Incidenti i povrati',
    byType: 'Po vrsti',
    missing: 'Nedostaje stavka',
    exportCsv: 'Izvezi CSV',
  },
} as const;

for (const [lang, width, pick] of [
  ['en', 1440, 0],
  ['bs', 360, 1],
] as const) {
  test(`redelivery, office cash and incident figures in ${lang} at ${width}px`, async ({ page }) => {
    test.setTimeout(240_000);
    const x = followups[lang];
    await page.setViewportSize({ width, height: 900 });
    const admin = await signInAs(page, 'admin', { lang, path: '/404' });
    const api = apiClient(page.request, admin.access_token);
    // Two delivered orders of the last days, one cash: each language takes its own.
    const since = new Date(Date.now() - 40 * 3_600_000).toISOString();
    const recent = await answer(
      api.GET('/api/orders', { params: { query: { status: 'delivered', from: since, per_page: 100 } } }),
    );
    const cashOrders = recent.data.filter((o) => o.payment_method === 'cash');
    const order = recent.data.filter((o) => o.payment_method === 'card')[pick];
    const cashOrder = cashOrders[pick];
    if (!order || !cashOrder) throw new Error('Not enough orders delivered in the last days.');
    // A redelivery is placed like any order: its restaurant must take orders now, whatever the hour
    // the suite runs at (no schedule: always).
    await answer(
      api.PUT('/api/restaurants/{id}/hours', {
        params: { path: { id: order.restaurant.id } },
        body: { days: [], exceptions: [] },
      }),
    );
    const lines = await answer(api.GET('/api/orders/{id}/refunds', { params: { path: { id: order.id } } }));
    const line = lines.data.lines[0];
    if (!line) throw new Error('The order has no items.');
    await answer(
      api.POST('/api/orders/{id}/incidents', {
        params: { path: { id: order.id } },
        body: {
          type: 'missing_item',
          lines: [{ order_item_id: line.order_item_id, quantity: 1 }],
          comment: null,
        },
      }),
      201,
    );

    // The Admin resolves it by redelivery, charged to the restaurant.
    await page.goto(`/orders/${order.id}`);
    const incidents = page.getByRole('region', { name: x.incidents });
    await incidents.getByRole('button', { name: x.resolve }).first().click();
    const resolve = page.getByRole('dialog', { name: x.resolve });
    await resolve.getByRole('combobox', { name: x.resolution }).selectOption({ label: x.redeliver });
    await expect(resolve.getByLabel(x.quantity(line.name))).toHaveValue('1');
    await resolve.getByRole('combobox', { name: x.liable }).selectOption({ label: x.restaurant });
    await resolve.getByRole('textbox', { name: x.reason }).fill('Nije stigla porcija');
    await expectAccessible(page);
    await resolve.screenshot({ path: `test-results/incidents-redeliver-${lang}-${width}.png` });
    await resolve.getByRole('button', { name: x.resolve }).click();
    await expect(page.getByText(x.resolved)).toBeVisible();
    const link = incidents.getByRole('link', { name: x.redeliveredAs });
    await expect(link).toBeVisible();
    await expectAccessible(page);
    // The new order links back to the first.
    await link.click();
    await expect(page).not.toHaveURL(new RegExp(`/orders/${order.id}$`));
    const back = page.getByRole('region', { name: x.incidents }).getByRole('link', {
      name: x.redeliveryOf(order.order_number),
    });
    await expect(back).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/incidents-redelivery-${lang}-${width}.png`, fullPage: true });
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));

    // Cash given back later by the office shows in the cash register.
    await answer(
      api.POST('/api/orders/{id}/refunds', {
        params: { path: { id: cashOrder.id } },
        headers: { 'Idempotency-Key': `e2e-office-${lang}-${cashOrder.id}` },
        body: {
          fixed_amount: 100,
          liable: 'operation',
          cash_return: 'later',
          payment_reference: null,
          reason: 'Hladno jelo',
        },
      }),
      201,
    );
    await page.goto('/end-shift');
    const office = page.getByRole('region', { name: x.office });
    await expect(office.getByRole('link', { name: cashOrder.order_number })).toBeVisible();
    await expectAccessible(page);

    // The dashboard counts the period's incidents by type, and exports them.
    await page.goto('/?period=this_week');
    const figures = page.getByRole('region', { name: x.analytics });
    await expect(figures.getByRole('region', { name: x.byType }).getByText(x.missing)).toBeVisible();
    await expectAccessible(page);
    await figures.screenshot({ path: `test-results/incidents-analytics-${lang}-${width}.png` });
    const download = page.waitForEvent('download');
    await figures.getByRole('button', { name: x.exportCsv }).click();
    expect((await download).suggestedFilename()).toMatch(/^incidents-.*\.csv$/);
  });
}
