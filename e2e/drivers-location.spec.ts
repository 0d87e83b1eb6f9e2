import type { APIRequestContext, Page } from '@playwright/test';
import {
  ACCOUNTS,
  type Answer,
  answer,
  apiAs,
  apiClient,
  apiSession,
  dateField,
  expect,
  expectAccessible,
  fillDate,
  placeOrder,
  signInAs,
  test,
} from './fixtures';

type MapDriver = Answer<'/api/drivers/locations'>['data'][number];
type OrderMap = Answer<'/api/orders/map'>['data'];

/** CI has no internet: the map tiles are refused, and the screen must work without them. */
async function blockTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}

/** The driver app of the driver `driverId`, signed in. */
async function driverApp(request: APIRequestContext, driverId: number) {
  const admin = await apiAs(request, ACCOUNTS.admin);
  const users = await answer(
    admin.GET('/api/users', { params: { query: { role: 'driver', per_page: 100 } } }),
    200,
  );
  const user = users.data.find((u) => u.id === driverId);
  if (!user) throw new Error(`No driver ${driverId} among the first hundred.`);
  return apiAs(request, user.email, true);
}

async function postLocation(
  request: APIRequestContext,
  driverId: number,
  at: Date,
  lat = 43.8591,
  lng = 18.4212,
) {
  const driver = await driverApp(request, driverId);
  const body = { points: [{ lat, lng, recorded_at: at.toISOString() }] };
  await answer(driver.POST('/api/driver/locations', { body }), 200);
}

const name = (d: Pick<MapDriver, 'first_name' | 'last_name'>) => `${d.first_name} ${d.last_name}`;

/** The map's library is a lazy chunk: wait once, generously, for it (a busy CI machine is slow). */
async function mapReady(page: Page) {
  await expect(page.locator('.leaflet-container')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText(/^(Učitavanje mape…|Loading the map…)$/)).toHaveCount(0, { timeout: 45_000 });
}

test.describe('drivers map', () => {
  // Each test signs in and loads the map (a lazy chunk) more than once.
  test.describe.configure({ timeout: 120_000 });
  test('lists every driver on shift with tiles blocked, and says who has no location yet', async ({
    page,
  }) => {
    await blockTiles(page);
    const admin = await apiAs(page.request, ACCOUNTS.admin);
    const { data } = await answer(admin.GET('/api/drivers/locations'), 200);
    expect(data.length).toBeGreaterThanOrEqual(16);
    const withoutLocation = data.find((d) => !d.last_location_at);
    expect(withoutLocation).toBeDefined();

    await signInAs(page, 'dispatcher', { path: '/drivers-location' });

    await mapReady(page);
    await expect(page.getByRole('heading', { name: 'Lokacije vozača' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Vozači u smjeni' });
    await expect(list.getByRole('listitem')).toHaveCount(data.length);
    // Markers are on the map with their state in words (not color alone), tiles or no tiles.
    const map = page.getByRole('region', { name: 'Mapa vozača' });
    await expect(
      map.getByRole('button', {
        name: /, (Slobodan|Traži kraj smjene|Dodijeljen|Dostavlja|Na pauzi)( · \d+ narudžb\w+)?, /,
      }),
    ).toHaveCount(data.filter((d) => d.last_location_at).length);
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
    const admin = await apiAs(page.request, ACCOUNTS.admin);
    const { data } = await answer(admin.GET('/api/drivers/locations'), 200);
    const driver = data.find((d) => d.last_location_at) as MapDriver;

    await signInAs(page, 'admin', { lang: 'en', path: `/drivers-location?driver=${driver.id}` });

    await mapReady(page);
    const popup = page.getByTestId('driver-details');
    await expect(popup).toContainText(name(driver));
    await expect(popup).toContainText(
      `${driver.location?.lat.toFixed(5)}, ${driver.location?.lng.toFixed(5)}`,
    );
    await expect(popup.getByRole('link', { name: `Breaks of ${name(driver)}` })).toBeVisible();

    await postLocation(page.request, driver.id, new Date(Date.now() - 1000), 43.87123, 18.39876);

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

  test('active orders on the map: restaurants, drop-offs in the orders list, late ones, layers', async ({
    page,
  }) => {
    await blockTiles(page);
    const admin = await apiAs(page.request, ACCOUNTS.admin);
    const { data } = await answer(admin.GET('/api/orders/map'), 200);
    expect(data.orders.length).toBeGreaterThanOrEqual(8);
    await signInAs(page, 'dispatcher', { path: '/drivers-location' });
    await mapReady(page);
    const map = page.getByRole('region', { name: 'Mapa vozača' });
    // Each restaurant with active orders is a marker named by the restaurant and its count.
    const restaurant = data.restaurants[0] as OrderMap['restaurants'][number];
    await expect(map.getByRole('img', { name: /^Restoran / })).toHaveCount(data.restaurants.length);
    await expect(
      map.getByRole('img', {
        name: `Restoran ${restaurant.name}, aktivnih narudžbi: ${restaurant.active_orders}`,
      }),
    ).toBeVisible();

    // The drop-offs are drawn on a canvas; the orders tab is their accessible list, late ones first.
    await page.getByRole('tab', { name: `Narudžbe (${data.orders.length})` }).click();
    await expect(page).toHaveURL(/tab=orders/);
    const list = page.getByRole('list', { name: 'Aktivne narudžbe na mapi' });
    // Fifty rows at first (at the peak there are hundreds); "Show more" adds the next ones.
    await expect(list.getByRole('listitem')).toHaveCount(Math.min(data.orders.length, 50));
    const more = page.getByRole('button', { name: /^Prikaži još \d+ \(preostalo \d+\)$/ });
    await expect(more).toHaveCount(data.orders.length > 50 ? 1 : 0);
    await expect(
      page.getByText(new RegExp(`Aktivnih narudžbi: ${data.orders.length} · kasni: [1-9]`)),
    ).toBeVisible();
    await expect(list.getByRole('listitem').first()).toContainText('Kasni');
    await expectAccessible(page);

    // Showing an order on the map opens its popup, with a link to its details.
    const order = data.orders.find((o) => o.driver_id === null) as OrderMap['orders'][number];
    const show = list.getByRole('button', { name: `Prikaži ${order.order_number} na mapi` });
    while ((await show.count()) === 0) await more.click();
    await show.click();
    await expect(page).toHaveURL(new RegExp(`order=${order.id}`));
    const summary = page.getByTestId('order-summary');
    await expect(summary).toContainText(order.address);
    await expect(summary).toContainText('Bez vozača');
    await expect(summary.getByRole('link', { name: order.order_number })).toHaveAttribute(
      'href',
      `/orders/${order.id}`,
    );
    await expect(list.getByRole('link', { name: `Otvori narudžbu ${order.order_number}` })).toHaveAttribute(
      'href',
      `/orders/${order.id}`,
    );

    // The restaurants layer can be hidden and shown again.
    await page.getByRole('checkbox', { name: 'Restorani' }).uncheck();
    await expect(map.getByRole('img', { name: /^Restoran / })).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Restorani' }).check();
    await expect(map.getByRole('img', { name: /^Restoran / })).toHaveCount(data.restaurants.length);
  });

  test('drop-offs cluster where they crowd, each cluster counting its late ones (English)', async ({
    page,
  }) => {
    await blockTiles(page);
    const admin = await apiAs(page.request, ACCOUNTS.admin);
    // The demo manager's restaurant takes orders around the clock, whatever the hour of the run.
    const restaurantId =
      (await apiSession(page.request, ACCOUNTS.restaurant_manager)).user.restaurant_id ?? 0;
    // Four new orders (on time) a street apart: one cluster once the map is zoomed out.
    const placed = [];
    for (const [dLat, dLng] of [
      [0, 0],
      [0.001, 0.001],
      [-0.001, 0.0005],
      [0.0005, -0.001],
    ] as const)
      placed.push(await placeOrder(page.request, restaurantId, { lat: 43.859 + dLat, lng: 18.425 + dLng }));

    await signInAs(page, 'dispatcher', { lang: 'en', path: '/drivers-location' });
    await mapReady(page);
    const map = page.getByRole('region', { name: 'Map of drivers' });
    await page.getByRole('tab', { name: /^Orders \(\d+\)$/ }).click();
    const summary = page.getByText(/^Active orders: \d+ · late: (\d+)$/);
    await expect(summary).toBeVisible();
    const late = Number((await summary.innerText()).match(/late: (\d+)/)?.[1]);
    expect(late).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) await map.getByRole('button', { name: 'Zoom out' }).click();

    // Zoomed out, the drop-offs are counted in clusters, each saying how many of its own are late …
    const clusters = map.getByRole('button', { name: /^Orders( on time)?: \d+(, late: \d+)? — zoom in$/ });
    await expect(clusters.first()).toBeVisible();
    const counts = await clusters.evaluateAll((els) =>
      els.map((el) => {
        const [, count, late] = el.getAttribute('title')?.match(/: (\d+)(?:, late: (\d+))?/) ?? [];
        return { count: Number(count), late: Number(late ?? 0) };
      }),
    );
    expect(counts.reduce((sum, c) => sum + c.count, 0)).toBeGreaterThanOrEqual(placed.length);
    const lateInClusters = counts.reduce((sum, c) => sum + c.late, 0);
    expect(lateInClusters).toBeGreaterThan(0);
    // … a cluster with late ones shows both figures on it: its count, and the late ones' on its badge …
    const lateCluster = map.getByRole('button', { name: /^Orders: \d+, late: \d+ — zoom in$/ }).first();
    const [, countOfIt, lateOfIt] =
      (await lateCluster.getAttribute('title'))?.match(/(\d+), late: (\d+)/) ?? [];
    await expect(lateCluster).toHaveText(`${countOfIt}${lateOfIt}`);
    // … and every late one is told: in a cluster's count or by a marker of its own, named by its number.
    const lateAlone = await map.getByRole('button', { name: /^D\d+, late$/ }).count();
    expect(lateInClusters + lateAlone).toBe(late);
    await expectAccessible(page);

    for (const order of placed) {
      const cancelled = admin.POST('/api/orders/{id}/status', {
        params: { path: { id: order.id } },
        body: { status: 'cancelled', reason: 'E2E map clusters' },
      });
      await answer(cancelled, 200);
    }
  });

  test("a driver's state with their load, phone and active orders on a phone screen", async ({ page }) => {
    await blockTiles(page);
    await page.setViewportSize({ width: 360, height: 800 });
    const admin = await apiAs(page.request, ACCOUNTS.admin);
    const drivers = await answer(admin.GET('/api/drivers/locations'), 200);
    const orders = await answer(admin.GET('/api/orders/map'), 200);
    const busy = drivers.data.find(
      (d) => d.last_location_at && d.state === 'delivering' && d.active_orders === 1,
    ) as MapDriver;
    expect(busy).toBeDefined();
    const record = await answer(admin.GET('/api/drivers/{id}', { params: { path: { id: busy.id } } }), 200);
    const carried = orders.data.orders.filter((o) => o.driver_id === busy.id);
    expect(carried).toHaveLength(1);
    const order = carried[0] as OrderMap['orders'][number];

    await signInAs(page, 'admin', { lang: 'en', path: '/drivers-location' });

    await mapReady(page);
    await page
      .getByRole('list', { name: 'Drivers on shift' })
      .getByRole('button', { name: new RegExp(name(busy)) })
      .click();
    await expect(page).toHaveURL(new RegExp(`driver=${busy.id}`));
    const details = page.getByTestId('driver-details');
    await expect(details).toContainText('Delivering · 1 order');
    if (record.data.phone) {
      await expect(details.getByRole('link', { name: record.data.phone })).toHaveAttribute(
        'href',
        `tel:${record.data.phone.replace(/[^\d+]/g, '')}`,
      );
    }
    const active = details.getByRole('list', { name: `Active orders: ${name(busy)}` });
    await expect(active.getByRole('link', { name: order.order_number })).toHaveAttribute(
      'href',
      `/orders/${order.id}`,
    );
    // The marker carries the same words.
    await expect(
      page
        .getByRole('region', { name: 'Map of drivers' })
        .getByRole('button', { name: new RegExp(`^${name(busy)}, Delivering · 1 order, `) }),
    ).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);
    await expectAccessible(page);

    await active.getByRole('link', { name: order.order_number }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  });

  test('?driver=ID of a driver without a location shows the seed message', async ({ page }) => {
    await blockTiles(page);
    const admin = await apiAs(page.request, ACCOUNTS.admin);
    const { data } = await answer(admin.GET('/api/drivers/locations'), 200);
    const withoutLocation = data.find((d) => !d.last_location_at) as MapDriver;
    await signInAs(page, 'dispatcher', { path: `/drivers-location?driver=${withoutLocation.id}` });
    await mapReady(page);
    const panel = page.getByRole('region', { name: name(withoutLocation) });
    await expect(panel.getByRole('status')).toHaveText('Vozač još nema lokaciju');
    await expect(panel.getByTestId('driver-details')).toContainText('Slobodan');
    await expect(
      page
        .getByRole('list', { name: 'Vozači u smjeni' })
        .getByRole('button', { name: new RegExp(name(withoutLocation)) }),
    ).toHaveAttribute('aria-current', 'true');
    await expectAccessible(page);

    // In English the seed's words exactly.
    await signInAs(page, 'dispatcher', {
      lang: 'en',
      path: `/drivers-location?driver=${withoutLocation.id}`,
    });
    await mapReady(page);
    await expect(page.getByRole('region', { name: name(withoutLocation) }).getByRole('status')).toHaveText(
      'Driver doesnt have location yet',
    );
  });

  test('?driver=ID of a driver off shift, or of nobody', async ({ page }) => {
    await blockTiles(page);
    const admin = await apiAs(page.request, ACCOUNTS.admin);
    const offShift = admin.GET('/api/drivers', {
      params: { query: { shift_state: 'off_shift', per_page: 1 } },
    });
    const off = (await answer(offShift, 200)).data[0];
    if (!off) throw new Error('The demo data has no driver off shift.');
    await signInAs(page, 'dispatcher', { lang: 'en', path: `/drivers-location?driver=${off.id}` });
    await mapReady(page);
    const offPanel = page.getByRole('region', { name: name(off) });
    await expect(offPanel.getByRole('status')).toHaveText('Not on shift, so not on the map.');
    await expect(offPanel.getByTestId('driver-details')).toContainText('Off shift');

    await page.goto('/drivers-location?driver=999999');
    await mapReady(page);
    await expect(page.getByRole('alert')).toHaveText('Driver not found');
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page).not.toHaveURL(/driver=/);
  });

  test('a location older than the configured age is flagged on the marker and in the list', async ({
    page,
  }) => {
    await blockTiles(page);
    const config = await answer(apiClient(page.request).GET('/api/config'));
    const minutes = config.map.stale_location_minutes;
    const admin = await apiAs(page.request, ACCOUNTS.admin);
    const { data } = await answer(admin.GET('/api/drivers/locations'), 200);
    // The driver who had no location sends an old fix; another sends a fresh one.
    const late = data.find((d) => !d.last_location_at) as MapDriver;
    const fresh = data.find((d) => d.last_location_at && d.id !== late.id) as MapDriver;
    await postLocation(page.request, late.id, new Date(Date.now() - (minutes + 3) * 60_000));
    await postLocation(page.request, fresh.id, new Date(Date.now() - 1_000));

    await signInAs(page, 'dispatcher', { path: '/drivers-location' });

    await mapReady(page);
    const list = page.getByRole('list', { name: 'Vozači u smjeni' });
    const row = (d: MapDriver) => list.getByRole('listitem').filter({ hasText: name(d) });
    await expect(row(late)).toContainText('Zastarjela lokacija');
    await expect(row(late)).toContainText(`prije ${minutes + 3} min`);
    await expect(row(fresh)).not.toContainText('Zastarjela lokacija');
    const map = page.getByRole('region', { name: 'Mapa vozača' });
    await expect(
      map.getByRole('button', { name: new RegExp(`^${name(late)}, .*, Zastarjela lokacija$`) }),
    ).toBeVisible();
    await expect(map.getByRole('button', { name: new RegExp(`^${name(fresh)}, `) })).not.toHaveAccessibleName(
      /Zastarjela/,
    );
    await expect(page.getByRole('list', { name: 'Značenje oznaka' })).toContainText('Zastarjela lokacija');
    await expectAccessible(page);
  });
});

test.describe('driver breaks', () => {
  test('shows the seeded breaks with per-day totals and filters by period', async ({ page }) => {
    const admin = await apiAs(page.request, ACCOUNTS.admin);
    const { data } = await answer(admin.GET('/api/drivers/locations'), 200);
    let driver: MapDriver | undefined;
    let days: Answer<'/api/drivers/{id}/breaks'>['days'] = [];
    for (const candidate of data) {
      const breaks = admin.GET('/api/drivers/{id}/breaks', { params: { path: { id: candidate.id } } });
      const result = await answer(breaks, 200);
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
    await fillDate(dateField(page, 'Od'), days[2]?.day as string);
    await expect(
      page.getByRole('region').filter({ has: page.getByRole('heading', { level: 2 }) }),
    ).toHaveCount(3);
    await fillDate(dateField(page, 'Od'), '2099-01-01');
    await expect(dateField(page, 'Do')).toHaveAccessibleDescription(
      'Početak perioda ne smije biti nakon njegovog kraja',
    );
  });
});
