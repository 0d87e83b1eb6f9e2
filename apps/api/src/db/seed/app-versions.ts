import type { AppType, Priority } from '@dostava/shared';
import type { Db } from '../client.js';
import { appVersionReports, appVersions } from '../schema/index.js';

const RELEASES: [AppType, string, Priority, string][] = [
  ['driver', '1.8.0', 'medium', 'Brže slanje lokacije'],
  ['driver', '1.9.0', 'low', 'Nove ikone'],
  ['driver', '1.10.0', 'extreme', 'Obavezno: nova prijava i kraj smjene'],
  ['customer', '2.3.1', 'low', 'Ispravke'],
  ['customer', '2.4.0', 'high', 'Plaćanje karticom'],
  ['restaurant', '1.2.0', 'medium', 'Zvuk za novu narudžbu'],
  ['backend', '3.0.0', 'low', 'Nova administracija'],
];

/** Releases of every app, and the versions the apps in the field have reported. */
export async function seedAppVersions(db: Db, now = new Date()) {
  await db.insert(appVersions).values(
    RELEASES.map(([app_type, version, priority, notes]) => {
      const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
      return { app_type, version, major, minor, patch, priority, notes };
    }),
  );
  const seen = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  await db.insert(appVersionReports).values([
    { app_type: 'driver', version: '1.10.0', reports: 412, last_seen: seen(0.1) },
    { app_type: 'driver', version: '1.9.0', reports: 37, last_seen: seen(5) },
    { app_type: 'customer', version: '2.4.0', reports: 2380, last_seen: seen(0.05) },
    { app_type: 'customer', version: '2.3.1', reports: 611, last_seen: seen(2) },
    { app_type: 'restaurant', version: '1.2.0', reports: 96, last_seen: seen(0.3) },
  ]);
}
