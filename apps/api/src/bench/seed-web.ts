/**
 * Seeds an embedded database at the volume `npm run bench:web` reloads its screens at: the demo data,
 * then `seedLarge` (orders over two years, and an evening's board of active orders placed over the last
 * 90 minutes, about half of them late by now). Run by scripts/bench-web.mjs before it starts the server
 * on the same data directory:
 *
 *   node apps/api/dist/bench/seed-web.js <data dir> <orders> <active> <demo password>
 */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedIfEmpty } from '../db/seed/index.js';
import { seedLarge } from './seed-large.js';

async function main() {
  const [dataDir, orders, active, demoPassword] = process.argv.slice(2);
  if (!dataDir || !orders || !active || !demoPassword)
    throw new Error('usage: seed-web.js <data dir> <orders> <active> <demo password>');
  const config = loadConfig({
    ...process.env,
    JWT_SECRET: 'bench-secret-'.padEnd(48, 'x'),
    DATA_DIR: dataDir,
    DEMO_PASSWORD: demoPassword,
  });
  const database = await openDatabase({ pgliteDir: `${dataDir}/pgdata` });
  await database.migrate();
  await seedIfEmpty(database.db, {
    dataDir,
    demoPassword,
    timeZone: config.timeZone,
    orders: 2000,
    days: 30,
  });
  await seedLarge(
    database.db,
    {
      orders: Number(orders),
      active: Number(active),
      restaurants: 300,
      drivers: 1000,
      customers: 50_000,
    },
    config.timeZone,
    (line) => console.log(`[seed-web] ${line}`),
  );
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
