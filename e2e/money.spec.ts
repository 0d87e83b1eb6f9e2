import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import {
  answer,
  apiClient,
  dateField,
  expect,
  expectAccessible,
  fillDate,
  pick,
  signInAs,
  test,
} from './fixtures';

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

test.describe('cash register', () => {
  test('in Bosnian at 360px: a rejection needs a reason, like a meal rejection; Cancel changes nothing', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const session = await signInAs(page, 'admin', { lang: 'bs', path: '/404' });
    const api = apiClient(page.request, session.access_token);
    const pending = await answer(
      api.GET('/api/end-shift-requests', { params: { query: { status: 'pending' } } }),
    );
    const [first] = pending.data;
    if (!first) throw new Error('The demo data has no pending end-shift request.');
    await page.goto(`/end-shift/${first.id}`);
    await page.getByRole('button', { name: 'Odbij' }).click();
    const reject = page.getByRole('dialog', { name: 'Odbiti zahtjev?' });
    await reject.getByLabel('Razlog').fill('   ');
    await reject.getByRole('button', { name: 'Odbij' }).click();
    await expect(reject.getByText('Navedite razlog')).toBeVisible();
    await expectAccessible(page);
    await reject.getByRole('button', { name: 'Odustani' }).click();
    await expect(reject).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Odbij' })).toBeVisible();
  });

  test('end a shift, reject a request with a reason, and a 409 when handled meanwhile', async ({ page }) => {
    const session = await signInAs(page, 'admin', { lang: 'en', path: '/end-shift?status=pending' });
    const api = apiClient(page.request, session.access_token);
    const pending = await answer(
      api.GET('/api/end-shift-requests', { params: { query: { status: 'pending' } } }),
    );
    expect(pending.data.length).toBeGreaterThanOrEqual(2);
    const [first, second] = pending.data;
    if (!first || !second) throw new Error('The demo data has fewer than two pending end-shift requests.');

    const grid = page.getByRole('grid', { name: 'End of shift requests' });
    await expect(grid.getByRole('link', { name: `Open request ${first.number}` })).toBeVisible();
    await expect(grid.getByRole('link', { name: `Open request ${second.number}` })).toBeVisible();
    await expect(grid.getByRole('row', { name: /Collected|Rejected/ })).toHaveCount(0);
    await expectAccessible(page);

    // The shift's cash is received: 'End shift' after a confirmation.
    await grid.getByRole('link', { name: `Open request ${first.number}` }).click();
    await expect(page.getByRole('heading', { name: `End of shift request ${first.number}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cash', exact: true })).toContainText('Shift total');
    await expectAccessible(page);
    const stale = await answer(
      api.GET('/api/end-shift-requests/{id}', { params: { path: { id: first.id } } }),
    );
    await page.getByRole('button', { name: 'End shift' }).click();
    const confirm = page.getByRole('dialog', { name: 'End the shift?' });
    await expect(confirm).toContainText(`${first.driver.first_name} ${first.driver.last_name}`);
    await confirm.getByRole('button', { name: 'End shift' }).click();
    await expect(page.getByText(/is ended and the cash is recorded/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Handling' })).toContainText('Collected');
    await expect(page.getByRole('button', { name: 'End shift' })).toHaveCount(0);

    // Another tab still shows it pending: handling it again is refused (409), toasted, and refetched.
    await page.route(`**/api/end-shift-requests/${first.id}`, (route) => route.fulfill({ json: stale }), {
      times: 1,
    });
    await page.goto(`/end-shift/${first.id}`);
    await page.getByRole('button', { name: 'End shift' }).click();
    await page
      .getByRole('dialog', { name: 'End the shift?' })
      .getByRole('button', { name: 'End shift' })
      .click();
    await expect(page.getByText('This request has already been handled.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Handling' })).toContainText('Collected');
    await expect(page.getByRole('button', { name: 'End shift' })).toHaveCount(0);

    // Reject: the reason is required.
    await page.goto(`/end-shift/${second.id}`);
    await page.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject the request?' });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(reject.getByText('Give a reason')).toBeVisible();
    await reject.getByLabel('Reason').fill('Counted 5 KM less than declared');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('The request is rejected.')).toBeVisible();
    const handling = page.getByRole('region', { name: 'Handling' });
    await expect(handling).toContainText('Rejected');
    await expect(handling).toContainText('Counted 5 KM less than declared');

    await page.goto('/end-shift?status=pending');
    await expect(page.getByText('Not found')).toBeVisible();
  });

  test('in Bosnian for a dispatcher: read only, differences with a text sign', async ({ page }) => {
    await signInAs(page, 'dispatcher', { lang: 'bs', path: '/end-shift' });
    await expect(page.getByRole('heading', { name: 'Blagajna' })).toBeVisible();
    await expect(page.getByText('Blagajnu možete pregledati')).toBeVisible();
    const grid = page.getByRole('grid', { name: 'Zahtjevi za kraj smjene' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expect(grid.getByText(/^−.* KM · nedostaje$/).first()).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Odbijeno' });
    await expect(page).toHaveURL(/status=rejected/);
    await expect(grid.getByText('Preuzeto')).toHaveCount(0);
    await expect(grid.getByText('Odbijeno').first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('rejected');
    await grid
      .getByRole('link', { name: /^Otvori zahtjev BL-/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: /^Zahtjev za kraj smjene BL-/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Obrada' })).toContainText('Razlog');
    await expect(page.getByRole('button', { name: 'Završi smjenu' })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe('settlements', () => {
  test('create (6 days refused, overlap refused), approve, payment orders CSV and print view', async ({
    page,
  }) => {
    const session = await signInAs(page, 'admin', { lang: 'en', path: '/settlements' });
    const list = await answer(
      apiClient(page.request, session.access_token).GET('/api/settlements', {
        params: { query: { restaurant_id: 1, per_page: 100 } },
      }),
    );
    const existing = list.data;
    const restaurant = existing[0]?.restaurant.name ?? '';
    const latest =
      existing
        .map((s) => s.to)
        .sort()
        .at(-1) ?? '';
    const from = addDays(latest, 1);

    await expect(
      page
        .getByRole('grid', { name: 'Settlements' })
        .getByRole('link', { name: /^Open settlement of / })
        .first(),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create settlement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create settlement' });
    await dialog.getByRole('button', { name: 'Create settlement' }).click();
    await expect(dialog.getByText('This field is required')).toHaveCount(3);
    await expectAccessible(page);

    await pick(page, 'Restaurant', restaurant, restaurant);
    await fillDate(dateField(dialog, 'From'), from);
    await fillDate(dateField(dialog, 'To'), addDays(from, 5));
    await dialog.getByRole('button', { name: 'Create settlement' }).click();
    await expect(dateField(dialog, 'To')).toHaveAccessibleDescription(
      'Please enter the range of min 7 day and max 31 days',
    );

    // A period that overlaps the restaurant's last settlement: the API's message.
    await fillDate(dateField(dialog, 'From'), addDays(latest, -3));
    await fillDate(dateField(dialog, 'To'), addDays(latest, 4));
    await dialog.getByRole('button', { name: 'Create settlement' }).click();
    await expect(
      dialog.getByText('This period overlaps an existing settlement of the restaurant.'),
    ).toBeVisible();

    await fillDate(dateField(dialog, 'From'), from);
    await fillDate(dateField(dialog, 'To'), addDays(from, 6));
    await expect(dateField(dialog, 'To')).toHaveAccessibleDescription(/Days in the period: 7/);
    await dialog.getByRole('button', { name: 'Create settlement' }).click();
    await expect(page.getByText('The settlement is created.')).toBeVisible();
    await expect(page).toHaveURL(/\/settlements\/\d+$/);
    await expect(page.getByRole('heading', { name: `Settlement: ${restaurant}` })).toBeVisible();
    const amounts = page.getByRole('region', { name: 'Amounts' });
    await expect(amounts).toContainText('Net amount owed');
    await expect(amounts).toContainText(/Commission \(15 %\)/);
    await expect(page.getByRole('region', { name: 'Payment orders' })).toContainText(
      'Approve the settlement to create its payment orders.',
    );
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Approve settlement' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve the settlement?' });
    await approve.getByRole('button', { name: 'Approve settlement' }).click();
    await expect(page.getByText('The settlement is approved.')).toBeVisible();
    const approval = page.getByRole('region', { name: 'Approval' });
    await expect(approval).toContainText('Approved');
    await expect(approval).toContainText(session.user.first_name);
    await expect(page.getByRole('button', { name: 'Approve settlement' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete settlement' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Create payment orders' }).click();
    await expect(page.getByText('The payment orders are created.')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download payment orders (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^payment-orders-\d+\.csv$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    // A UTF-8 byte-order mark first, so spreadsheet programs keep č, ć and ž.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8').replace(/^\uFEFF/, '');
    expect(csv.split(/\r?\n/)[0]).toBe(
      'reference,payer_iban,recipient,recipient_address,recipient_iban,amount,currency,purpose,period_from,period_to',
    );
    expect(csv).toContain(restaurant);
    // The payee's account, fixed at approval (the demo restaurants have IBANs).
    expect(csv.split(/\r?\n/)[1]).toMatch(/,BA39\d{16},/);
    // The payer's account is the operation's (OPERATION_IBAN, set for the e2e server).
    expect(csv.split(/\r?\n/)[1]).toMatch(/^OB-\d{6},BA391290079401028494,/);
    // And the same as a spreadsheet.
    const downloadingXlsx = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download payment orders (Excel)' }).click();
    const xlsx = await downloadingXlsx;
    expect(xlsx.suggestedFilename()).toMatch(/^payment-orders-\d+\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await xlsx.path())) as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.rowCount).toBe(2);
    expect(book.worksheets[0]?.getRow(2).getCell(3).value).toBe(restaurant);

    await page.getByRole('link', { name: 'Printable payment order' }).click();
    await expect(page).toHaveURL(/\/settlements\/\d+\/print$/);
    const sheet = page.getByRole('article', { name: /^Payment order OB-/ });
    await expect(sheet).toContainText(restaurant);
    await expect(sheet).toContainText('Purpose of payment');
    await expect(sheet).toContainText('Recipient account (IBAN)');
    await expect(sheet).toContainText('BA39 1290 0794 0102 8494'); // the payer: OPERATION_IBAN
    await expect(sheet).toContainText(/BA39 \d{4} \d{4} \d{4} \d{4}/);
    await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
    await expectAccessible(page);
  });

  test('in Bosnian: filters in the URL, delete a pending one, dispatcher has no access', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'bs', path: '/settlements?status=approved' });
    const grid = page.getByRole('grid', { name: 'Obračuni' });
    await expect(grid.getByText('Odobren').first()).toBeVisible();
    await expect(grid.getByText('Na čekanju')).toHaveCount(0);
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('approved');
    await expectAccessible(page);

    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Na čekanju' });
    // The approved rows stay on screen until the pending ones arrive: wait for them to go.
    await expect(page).toHaveURL(/status=pending/);
    await expect(grid.getByText('Odobren')).toHaveCount(0);
    await expect(grid.getByText('Na čekanju').first()).toBeVisible();
    await grid
      .getByRole('link', { name: /^Otvori obračun za / })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: /^Obračun: / })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Iznosi' })).toContainText('Neto iznos za isplatu');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Obriši obračun' }).click();
    await page
      .getByRole('dialog', { name: 'Obrisati obračun?' })
      .getByRole('button', { name: 'Obriši' })
      .click();
    await expect(page.getByText('Obračun je obrisan.')).toBeVisible();
    await expect(page).toHaveURL(/\/settlements$/);

    await page.getByRole('button', { name: 'Kreiraj obračun' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kreiraj obračun' });
    await dialog.getByRole('combobox', { name: 'Restoran', exact: true }).click();
    await page.getByRole('option').first().click();
    await fillDate(dateField(dialog, 'Od'), '2026-01-01');
    await fillDate(dateField(dialog, 'Do'), '2026-01-06');
    await dialog.getByRole('button', { name: 'Kreiraj obračun' }).click();
    await expect(dialog.getByText('Molimo unesite raspon od najmanje 7 dana i najviše 31 dan')).toBeVisible();

    await signInAs(page, 'dispatcher', { lang: 'bs', path: '/settlements' });
    await expect(page.getByRole('heading', { name: 'Nema pristupa' })).toBeVisible();
  });
});

test.describe('driver meals', () => {
  test('total of the filtered set, add a meal in KM, delete it; settled meals are locked', async ({
    page,
  }) => {
    // Wide enough for the note column (the list kit lets it give way first on narrower windows).
    await page.setViewportSize({ width: 1440, height: 900 });
    const session = await signInAs(page, 'admin', { lang: 'en', path: '/drivers-meals' });
    const total = page.getByRole('status').filter({ hasText: /^Meals: / });
    await expect(total).toContainText('Meals: 80 · total');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add meal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add meal' });
    await dialog.getByRole('button', { name: 'Add meal' }).click();
    await expect(dialog.getByText('This field is required')).toHaveCount(3);
    const driver = dialog.getByRole('combobox', { name: 'Driver' });
    await driver.fill('Adnan');
    await page.getByRole('option', { name: /Adnan Hadžić/ }).click();
    await pick(page, 'Restaurant', 'Željo', 'Ćevabdžinica Željo');
    await dialog.getByLabel('Amount (KM)').fill('12,5x');
    await dialog.getByLabel('Note').fill('E2E lunch');
    await dialog.getByRole('button', { name: 'Add meal' }).click();
    await expect(dialog.getByLabel('Amount (KM)')).toHaveAccessibleDescription(
      'Enter an amount in KM greater than zero, for example 12,50',
    );
    await expectAccessible(page);
    await dialog.getByLabel('Amount (KM)').fill('12.50');
    await dialog.getByRole('button', { name: 'Add meal' }).click();
    await expect(page.getByText('The meal is added.')).toBeVisible();
    await expect(total).toContainText('Meals: 81 · total');

    const grid = page.getByRole('grid', { name: 'Driver meals' });
    const row = grid.getByRole('row', { name: /E2E lunch/ });
    await expect(row).toContainText('12.50 KM');
    await expect(row).toContainText('Adnan Hadžić');
    await row.getByRole('button', { name: /^Delete the meal of Adnan Hadžić/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the meal?' });
    await expect(confirm).toContainText('12.50 KM');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The meal is deleted.')).toBeVisible();
    await expect(grid.getByRole('row', { name: /E2E lunch/ })).toHaveCount(0);
    await expect(total).toContainText('Meals: 80 · total');

    // The oldest meals are covered by approved settlements: a lock, no delete.
    const meals = await answer(
      apiClient(page.request, session.access_token).GET('/api/driver-meals', {
        params: { query: { restaurant_id: 1, per_page: 100 } },
      }),
    );
    const settled = meals.data.find((meal) => meal.settled);
    expect(settled).toBeDefined();
    if (!settled) return;
    const { driver: who, date } = settled;
    await page.goto(`/drivers-meals?restaurant_id=1&driver_id=${who.id}&from=${date}&to=${date}`);
    const locked = grid.getByRole('row', { name: new RegExp(`${who.first_name} ${who.last_name}`) }).first();
    await expect(locked.getByRole('img', { name: /^Settled: / })).toBeVisible();
    await expect(grid.getByRole('button', { name: /^Delete the meal/ })).toHaveCount(0);
  });

  test('in Bosnian: restaurant filter kept in the URL with its total', async ({ page }) => {
    await signInAs(page, 'admin', { lang: 'bs', path: '/drivers-meals' });
    await expect(page.getByRole('heading', { name: 'Obroci vozača' })).toBeVisible();
    const total = page.getByRole('status').filter({ hasText: /^Obroka: / });
    await expect(total).toContainText('Obroka: 80 · ukupno');
    await pick(page, 'Restoran', 'Željo', 'Ćevabdžinica Željo');
    await expect(page).toHaveURL(/restaurant_id=1/);
    await expect(total).not.toContainText('Obroka: 80 ·');
    await expect(total).toContainText(/ukupno [\d.]+,\d\d KM/);
    const grid = page.getByRole('grid', { name: 'Obroci vozača' });
    await expect(grid.getByRole('row', { name: /Ćevabdžinica Željo/ }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Restoran', exact: true })).toHaveValue(
      'Ćevabdžinica Željo',
    );
    await expectAccessible(page);
  });
});
