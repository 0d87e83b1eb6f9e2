import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, signInAs, test } from './fixtures';

interface MapDriver {
  id: number;
  first_name: string;
  last_name: string;
  location: { lat: number; lng: number } | null;
  last_location_at: string | null;
}

/** CI has no internet: the map tiles are refused, and the screen must work without them. */
async function blockTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

async function adminGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const signIn = await request.post('/api/auth/sign-in', {
    data: { email: 'admin@example.com', password: DEMO_PASSWORD },
  });
  const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
  const res = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

const name = (d: MapDriver) => `${d.first_name} ${d.last_name}`;

test.describe('drivers map', () => {
  test('lists every driver on shift with tiles blocked, and says who has no location yet', async ({
    page,
  }) => {
    await blockTiles(page);
    const { data } = await adminGet<{ data: MapDriver[] }>(page.request, '/api/drivers/locations');
    expect(data.length).toBeGreaterThanOrEqual(16);
    const withoutLocation = data.find((d) => !d.last_location_at);
    expect(withoutLocation).toBeDefined();

    await signInAs(page, 'dispatcher', { path: '/drivers-location' });
    await expect(page.getByRole('heading', { name: 'Lokacije vozača' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Vozači u smjeni' });
    await expect(list.getByRole('listitem')).toHaveCount(data.length);
    // Markers are on the map with their state in words (not color alone), tiles or no tiles.
    const map = page.getByRole('region', { name: 'Mapa vozača' });
    await expect(map.getByRole('button', { name: /, (Slobodan|Dostavlja|Na pauzi), / })).toHaveCount(
      data.filter((d) => d.last_location_at).length,
    );
    await expect(
      page.getByText('Podloga mape se nije mogla učitati; vozači su i dalje prikazani.'),
    ).toBeVisible();

    // The driver who never sent a location.
    const item = list.getByRole('listitem').filter({ hasText: name(withoutLocation as MapDriver) });
    await expect(item).toContainText('Vozač još nema lokaciju');
    await expectAccessible(page);

    // Searching to nothing empties the list and the map.
    await page.getByRole('searchbox', { name: 'Pretraži vozače na mapi' }).fill('nobody-by-this-name');
    await expect(page.getByText('Nije pronađeno')).toBeVisible();
    await expect(page.getByText('Nema lokacija')).toBeVisible();
  });

  test('a marker moves when the driver app posts a location, without a reload', async ({ page }) => {
    await blockTiles(page);
    const { data } = await adminGet<{ data: MapDriver[] }>(page.request, '/api/drivers/locations');
    const users = await adminGet<{ data: { id: number; email: string }[] }>(
      page.request,
      '/api/users?role=driver&per_page=100',
    );
    const driver = data.find((d) => d.last_location_at) as MapDriver;
    const email = users.data.find((u) => u.id === driver.id)?.email as string;

    await signInAs(page, 'admin', { lang: 'en', path: `/drivers-location?driver=${driver.id}` });
    const popup = page.getByTestId('driver-details');
    await expect(popup).toContainText(name(driver));
    await expect(popup).toContainText(
      `${driver.location?.lat.toFixed(5)}, ${driver.location?.lng.toFixed(5)}`,
    );
    await expect(popup.getByRole('link', { name: `Breaks of ${name(driver)}` })).toBeVisible();

    const signIn = await page.request.post('/api/auth/app/sign-in', {
      data: { email, password: DEMO_PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    const token = ((await signIn.json()) as { data: { access_token: string } }).data.access_token;
    const posted = await page.request.post('/api/driver/locations', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        points: [{ lat: 43.87123, lng: 18.39876, recorded_at: new Date(Date.now() - 1000).toISOString() }],
      },
    });
    expect(posted.status()).toBe(200);

    await expect(popup).toContainText('43.87123, 18.39876');
    const item = page
      .getByRole('list', { name: 'Drivers on shift' })
      .getByRole('listitem')
      .filter({ hasText: name(driver) });
    await expect(item).toContainText(/Updated (now|\d+ sec)/);
    // The list focuses another driver through the URL.
    const other = data.find((d) => d.last_location_at && d.id !== driver.id) as MapDriver;
    await page
      .getByRole('list', { name: 'Drivers on shift' })
      .getByRole('button', { name: new RegExp(name(other)) })
      .click();
    await expect(page).toHaveURL(new RegExp(`driver=${other.id}`));
    await expect(popup).toContainText(name(other));
  });
});

test.describe('driver breaks', () => {
  test('shows the seeded breaks with per-day totals and filters by period', async ({ page }) => {
    const { data } = await adminGet<{ data: MapDriver[] }>(page.request, '/api/drivers/locations');
    let driver: MapDriver | undefined;
    let days: { day: string; breaks: number; total_seconds: number }[] = [];
    for (const candidate of data) {
      const result = await adminGet<{ days: typeof days }>(
        page.request,
        `/api/drivers/${candidate.id}/breaks`,
      );
      if (result.days.length >= 3) {
        driver = candidate;
        days = result.days;
        break;
      }
    }
    expect(driver).toBeDefined();
    const subject = driver as MapDriver;
    const latest = days[0] as (typeof days)[number];

    await signInAs(page, 'dispatcher', {
      path: `/drivers/${subject.id}/breaks?from=${latest.day}&to=${latest.day}`,
    });
    await expect(page.getByRole('heading', { name: `Pauze vozača ${name(subject)}` })).toBeVisible();
    const minutes = Math.round(latest.total_seconds / 60);
    const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const day = page.getByRole('region').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(day).toHaveCount(1);
    await expect(day).toContainText(`Pauza: ${latest.breaks} · ukupno ${hhmm}`);
    await expect(day.getByRole('columnheader', { name: 'Početak pauze' })).toBeVisible();
    await expect(day.getByRole('row')).toHaveCount(latest.breaks + 1);
    await expectAccessible(page);

    // A wider period shows more days; a reversed one is refused with a message.
    await page.getByLabel('Od').fill(days[2]?.day as string);
    await expect(
      page.getByRole('region').filter({ has: page.getByRole('heading', { level: 2 }) }),
    ).toHaveCount(3);
    await page.getByLabel('Od').fill('2099-01-01');
    await expect(page.getByText('Početak perioda ne smije biti nakon njegovog kraja')).toBeVisible();
  });
});
