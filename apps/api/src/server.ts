import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DEMO_ACCOUNTS, seedIfEmpty } from './db/seed/index.js';
import { pruneLocations } from './modules/drivers/driver-app-service.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteDir: `${config.dataDir}/pgdata`,
  });
  await database.migrate();
  const seeded = config.seed
    ? await seedIfEmpty(database.db, {
        dataDir: config.dataDir,
        demoPassword: config.demoPassword,
        timeZone: config.timeZone,
      })
    : false;

  const app = await buildApp(config, { database });
  app.addHook('onClose', () => database.close());
  await app.listen({ host: config.host, port: config.port });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pgdata`;
  console.log(
    `\nDostava is running at http://localhost:${port}  (database: ${where}${seeded ? ', demo data seeded' : ''})`,
  );
  console.log(`API docs: http://localhost:${port}/api/docs`);
  if (config.seed) {
    console.log(
      `Demo accounts (password ${config.env === 'production' ? '<DEMO_PASSWORD>' : config.demoPassword}):`,
    );
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.role.padEnd(20)} ${a.email}`);
  }

  // `npm start -- --simulate` or SIMULATE=1: the simulator plays the operation against this server.
  if (process.env.SIMULATE === '1' || process.argv.includes('--simulate')) {
    const { fork } = await import('node:child_process');
    const simulator = fork(new URL('./simulator/index.js', import.meta.url), [
      '--url',
      `http://127.0.0.1:${port}`,
    ]);
    process.on('exit', () => simulator.kill('SIGINT'));
  }

  // Location history is kept for the retention period only.
  const prune = setInterval(() => {
    pruneLocations(database.db, config.locationRetentionHours).catch((error) =>
      app.log.warn({ err: error }, 'prune failed'),
    );
  }, 10 * 60_000);
  prune.unref();

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
