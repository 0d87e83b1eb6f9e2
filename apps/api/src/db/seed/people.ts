import type { VehicleType } from '@dostava/shared';
import { normalizePlate } from '@dostava/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { drivers, users, vehicles } from '../schema/index.js';

const FIRST = [
  'Adnan',
  'Amar',
  'Kenan',
  'Tarik',
  'Haris',
  'Mirza',
  'Edin',
  'Armin',
  'Dino',
  'Nedim',
  'Jasmin',
  'Senad',
  'Emir',
  'Faruk',
  'Alen',
  'Ajla',
  'Amina',
  'Lejla',
  'Emina',
  'Selma',
  'Merima',
  'Dženana',
  'Lamija',
  'Hana',
  'Ena',
  'Ismar',
  'Vedad',
  'Benjamin',
  'Harun',
  'Anel',
];
const LAST = [
  'Hodžić',
  'Begić',
  'Delić',
  'Hadžić',
  'Kovačević',
  'Mehmedović',
  'Omerović',
  'Ibrahimović',
  'Hasanović',
  'Softić',
  'Salihović',
  'Mujić',
  'Alić',
  'Husić',
  'Karić',
  'Zukić',
  'Čolić',
  'Šehić',
  'Mušić',
  'Bešić',
  'Džafić',
  'Imamović',
  'Spahić',
  'Jusić',
  'Ramić',
];
const TYPES: VehicleType[] = ['scooter', 'scooter', 'car', 'bike', 'scooter', 'car'];

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'dj')
    .replace(/Đ/g, 'Dj')
    .toLowerCase();

/** Drivers with vehicles, customers, and staff for every restaurant, all with the demo password. */
export async function seedPeople(db: Db, passwordHash: string, restaurantIds: number[]) {
  const person = (i: number) => ({
    first_name: FIRST[i % FIRST.length] ?? 'Ime',
    last_name: LAST[(i * 7) % LAST.length] ?? 'Prezime',
  });

  // The demo driver first, then 44 more: enough for a busy evening in Sarajevo.
  const driverRows = Array.from({ length: 44 }, (_, i) => {
    const p = person(i + 3);
    return {
      ...p,
      email: `${ascii(p.first_name)}.${ascii(p.last_name)}.${i + 1}@vozaci.example.ba`,
      role: 'driver' as const,
      password_hash: passwordHash,
    };
  });
  const inserted = await db.insert(users).values(driverRows).returning({ id: users.id });
  const [demoDriver] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'driver@example.com'));
  const driverIds = [...(demoDriver ? [demoDriver.id] : []), ...inserted.map((r) => r.id)];
  await db.insert(drivers).values(
    driverIds.map((id, i) => ({
      user_id: id,
      fcm_token: i % 6 === 5 ? null : `demo-fcm-${id}`,
      fcm_token_active: i % 6 !== 5,
    })),
  );
  await db.insert(vehicles).values(
    driverIds.map((id, i) => {
      const type = TYPES[i % TYPES.length] ?? 'scooter';
      const plate =
        type === 'bike'
          ? `BIC-${String(100 + i).padStart(3, '0')}`
          : `A${10 + (i % 80)}-K-${String(100 + i * 7).slice(-3)}`;
      return { plate_number: plate, plate_normalized: normalizePlate(plate), type, driver_id: id };
    }),
  );

  const customers = Array.from({ length: 40 }, (_, i) => {
    const p = person(i + 11);
    return {
      ...p,
      email: `${ascii(p.first_name)}.${ascii(p.last_name)}.${i + 1}@kupci.example.ba`,
      role: 'customer' as const,
      password_hash: passwordHash,
    };
  });
  await db.insert(users).values(customers);

  // Every restaurant from the third on gets a manager and an employee (the first two have the demo ones).
  const staff = restaurantIds.slice(2).flatMap((restaurant_id, i) => {
    const m = person(i * 2 + 5);
    const e = person(i * 2 + 6);
    return [
      {
        ...m,
        email: `menadzer.${restaurant_id}@restorani.example.ba`,
        role: 'restaurant_manager' as const,
        restaurant_id,
        password_hash: passwordHash,
      },
      {
        ...e,
        email: `uposlenik.${restaurant_id}@restorani.example.ba`,
        role: 'restaurant_employee' as const,
        restaurant_id,
        password_hash: passwordHash,
      },
    ];
  });
  if (staff.length) await db.insert(users).values(staff);
}
