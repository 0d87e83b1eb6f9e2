import path from 'node:path';
import type { Role } from '@dostava/shared';
import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.js';
import { rebuildRollups } from '../../modules/dashboard/rollups.js';
import { isActive } from '../../modules/orders/order-rules.js';
import { newToken } from '../../modules/tracking/tracking-service.js';
import { saveUpload } from '../../modules/uploads/uploads-service.js';
import type { Db } from '../client.js';
import { categories, orders, products, restaurants, trackingLinks, users } from '../schema/index.js';
import { seedAppVersions } from './app-versions.js';
import { DEMO_CATEGORIES, RESTAURANT_CATEGORIES } from './catalogue.js';
import { seedHours } from './hours.js';
import { restaurantImage } from './images.js';
import { seedMoney } from './money.js';
import { seedOrders } from './orders.js';
import { seedPeople } from './people.js';
import { seedOrderZones, seedZones } from './zones.js';

export const DEMO_ACCOUNTS: { email: string; role: Role; first_name: string; last_name: string }[] = [
  { email: 'admin@example.com', role: 'admin', first_name: 'Amra', last_name: 'Hodžić' },
  { email: 'appmanager@example.com', role: 'app_manager', first_name: 'Emir', last_name: 'Kovačević' },
  { email: 'dispatcher@example.com', role: 'dispatcher', first_name: 'Lejla', last_name: 'Begović' },
  { email: 'manager@example.com', role: 'restaurant_manager', first_name: 'Haris', last_name: 'Mehmedović' },
  { email: 'employee@example.com', role: 'restaurant_employee', first_name: 'Selma', last_name: 'Delić' },
  { email: 'driver@example.com', role: 'driver', first_name: 'Adnan', last_name: 'Hadžić' },
  { email: 'customer@example.com', role: 'customer', first_name: 'Maja', last_name: 'Petrović' },
];

/** A dozen restaurants of Sarajevo, with coordinates (the map and the simulator use them). */
/** Valid Bosnian IBANs (check digits and national check) for the demo restaurants' accounts. */
const DEMO_IBANS = [
  'BA391540012010472992',
  'BA391540012020945888',
  'BA391540012031418784',
  'BA391540012041891680',
  'BA391540012052364576',
  'BA391540012062837472',
  'BA391540012073310368',
  'BA391540012083783264',
  'BA391540012094256160',
  'BA391540012104729056',
  'BA391540012115201952',
  'BA391540012125674848',
];

export const DEMO_RESTAURANTS = [
  {
    name: 'Ćevabdžinica Željo',
    address: 'Kundurdžiluk 19, Sarajevo',
    phone: '+387 33 441 200',
    web_address: 'https://zeljo.example.ba',
    percentage: 15,
    lat: 43.8597,
    lng: 18.4302,
    hue: 20,
  },
  {
    name: 'Buregdžinica Bosna',
    address: 'Bravadžiluk 11, Sarajevo',
    phone: '+387 33 538 021',
    web_address: null,
    percentage: 12.5,
    lat: 43.8594,
    lng: 18.4316,
    hue: 35,
  },
  {
    name: 'Restoran Dveri',
    address: 'Prote Bakovića 12, Sarajevo',
    phone: '+387 33 537 020',
    web_address: 'https://dveri.example.ba',
    percentage: 18,
    lat: 43.8588,
    lng: 18.4287,
    hue: 10,
  },
  {
    name: 'Pizzeria Galija',
    address: 'Čekaluša 5, Sarajevo',
    phone: '+387 33 441 777',
    web_address: 'https://galija.example.ba',
    percentage: 15,
    lat: 43.8632,
    lng: 18.4142,
    hue: 0,
  },
  {
    name: 'Inat kuća',
    address: 'Veliki Alifakovac 1, Sarajevo',
    phone: '+387 33 447 867',
    web_address: 'https://inatkuca.example.ba',
    percentage: 16,
    lat: 43.8573,
    lng: 18.4358,
    hue: 28,
  },
  {
    name: 'Sushi Bar Hiro',
    address: 'Maršala Tita 28, Sarajevo',
    phone: '+387 33 222 145',
    web_address: null,
    percentage: 20,
    lat: 43.8578,
    lng: 18.4187,
    hue: 200,
  },
  {
    name: 'Burger House Marijin Dvor',
    address: 'Zmaja od Bosne 7, Sarajevo',
    phone: '+387 33 715 300',
    web_address: 'https://burgerhouse.example.ba',
    percentage: 14,
    lat: 43.8556,
    lng: 18.4037,
    hue: 45,
  },
  {
    name: 'Mala kuhinja',
    address: 'Josipa Štadlera 6, Sarajevo',
    phone: '+387 61 144 741',
    web_address: null,
    percentage: 17.5,
    lat: 43.8585,
    lng: 18.4203,
    hue: 95,
  },
  {
    name: 'Ascabo',
    address: 'Hamdije Kreševljakovića 61, Sarajevo',
    phone: '+387 33 219 490',
    web_address: 'https://ascabo.example.ba',
    percentage: 15,
    lat: 43.8566,
    lng: 18.4158,
    hue: 130,
  },
  {
    name: 'Pekara Edin',
    address: 'Džemala Bijedića 160, Sarajevo',
    phone: '+387 33 470 300',
    web_address: null,
    percentage: 10,
    lat: 43.8478,
    lng: 18.3565,
    hue: 40,
  },
  {
    name: 'Vegan Kitchen Sarajevo',
    address: 'Ferhadija 24, Sarajevo',
    phone: '+387 62 333 410',
    web_address: 'https://vegan.example.ba',
    percentage: 13,
    lat: 43.859,
    lng: 18.424,
    hue: 110,
  },
  {
    name: 'Slastičarna Egipat',
    address: 'Ferhadija 29, Sarajevo',
    phone: '+387 33 201 220',
    web_address: null,
    percentage: 11,
    lat: 43.8591,
    lng: 18.4251,
    hue: 320,
  },
] as const;

export interface SeedOptions {
  dataDir: string;
  demoPassword: string;
  /** Past orders to generate (default 12,000 over 120 days); tests ask for few. */
  orders?: number;
  days?: number;
  timeZone?: string;
}

/** Seeds demo data on an empty database; a database with any user is left as it is. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if (existing && existing.n > 0) return false;

  const uploadsDir = path.join(options.dataDir, 'uploads');
  const restaurantIds: number[] = [];
  for (const [index, { hue, ...r }] of DEMO_RESTAURANTS.entries()) {
    const image = await saveUpload(
      db,
      uploadsDir,
      { bytes: restaurantImage(hue), original_name: `${r.name}.png` },
      null,
    );
    const [row] = await db
      .insert(restaurants)
      .values({ ...r, image_id: image.id, iban: DEMO_IBANS[index % DEMO_IBANS.length] ?? null })
      .returning({ id: restaurants.id });
    if (row) restaurantIds.push(row.id);
  }
  await seedCatalogue(db, uploadsDir, restaurantIds);
  await seedHours(db, restaurantIds);
  await seedZones(db, restaurantIds);
  // One hash for every demo account: argon2 is deliberately slow.
  const password_hash = await hashPassword(options.demoPassword);
  await db.insert(users).values(
    DEMO_ACCOUNTS.map((a) => ({
      ...a,
      password_hash,
      restaurant_id:
        a.role === 'restaurant_manager' || a.role === 'restaurant_employee'
          ? (restaurantIds[0] ?? null)
          : null,
    })),
  );
  // A manager for the second restaurant, so "another restaurant" can be tried in the UI too.
  await db.insert(users).values({
    email: 'manager2@example.com',
    role: 'restaurant_manager',
    first_name: 'Tarik',
    last_name: 'Šehić',
    password_hash,
    restaurant_id: restaurantIds[1] ?? null,
  });
  await seedPeople(db, password_hash, restaurantIds);
  // Mobile numbers for the people a dispatcher calls: drivers and customers (and the dispatcher).
  await db.execute(sql`update "users" set phone = '+387 6' || (1 + id % 3)::text || ' '
      || lpad(((id * 7919) % 1000)::text, 3, '0') || ' ' || lpad(((id * 104729) % 1000)::text, 3, '0')
    where role in ('driver', 'customer', 'dispatcher')`);
  await seedOrders(db, { count: options.orders ?? 12_000, days: options.days ?? 120 });
  await db.execute(
    sql`update "orders" o set customer_phone = u.phone from "users" u where u.id = o.customer_id`,
  );
  await seedOrderZones(db);
  await seedMoney(db, options.timeZone ?? 'Europe/Sarajevo');
  await seedAppVersions(db);
  // The seed writes orders in bulk: the dashboard's rollups are computed once at the end.
  await rebuildRollups(db, options.timeZone ?? 'Europe/Sarajevo');
  // The demo's open orders have their customer's tracking link like a placed order (issue 39).
  const open = await db.select({ id: orders.id }).from(orders).where(isActive());
  if (open.length)
    await db.insert(trackingLinks).values(open.map((o) => ({ order_id: o.id, token: newToken() })));
  // Every table was just written in bulk: the planner needs their statistics now, not whenever an
  // autovacuum comes (PGlite runs none; a server's may be late or off). Without them it chose a
  // sequential scan, JIT-compiled, over the orders' partial indexes: 37 ms per dispatch round.
  await db.execute(sql`analyze`);
  return true;
}

/** Categories, and each restaurant's menu with a small picture per product. */
async function seedCatalogue(db: Db, uploadsDir: string, restaurantIds: number[]) {
  const categoryIds = new Map<string, number>();
  for (const [index, c] of DEMO_CATEGORIES.entries()) {
    const [row] = await db
      .insert(categories)
      .values({ name: c.name, description: c.description, position: index + 1 })
      .returning({ id: categories.id });
    if (row) categoryIds.set(c.name, row.id);
  }
  for (const [index, restaurantId] of restaurantIds.entries()) {
    for (const categoryName of RESTAURANT_CATEGORIES[index] ?? []) {
      const category = DEMO_CATEGORIES.find((c) => c.name === categoryName);
      const categoryId = categoryIds.get(categoryName);
      if (!category || !categoryId) continue;
      const rows = [];
      for (const [i, [name, km, description]] of category.items.entries()) {
        const image = await saveUpload(
          db,
          uploadsDir,
          { bytes: restaurantImage((category.hue + i * 11) % 360, 96, 96), original_name: `${name}.png` },
          null,
        );
        rows.push({
          restaurant_id: restaurantId,
          category_id: categoryId,
          name,
          description,
          price: Math.round(km * 100),
          // A few dishes are off the menu, as in any kitchen.
          show_on_menu: (i + index) % 9 !== 8,
          image_id: image.id,
        });
      }
      await db.insert(products).values(rows);
    }
  }
}
