import { ConfigError, loadConfig } from './config.js';
import { DataDirHeld } from './db/data-dir-lock.js';

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

  // Tracing before the app: its hooks must be in place before the libraries it follows are loaded.
  const tracing = config.tracesEndpoint ? (await import('./telemetry.js')).startTracing(config) : undefined;
  const { buildApp } = await import('./app.js');
  const { openDatabase } = await import('./db/client.js');
  const { DEMO_ACCOUNTS, seedIfEmpty } = await import('./db/seed/index.js');
  const { pruneLocations } = await import('./modules/drivers/driver-app-service.js');

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteDir: `${config.dataDir}/pgdata`,
  });
  // Instances starting together take turns: the first migrates (and seeds an empty database), the
  // others wait on the lock, then find nothing left to do.
  const seeded = await database.exclusive(async () => {
    await database.migrate();
    return config.seed
      ? await seedIfEmpty(database.db, {
          dataDir: config.dataDir,
          demoPassword: config.demoPassword,
          timeZone: config.timeZone,
        })
      : false;
  });

  const app = await buildApp(config, { database });
  app.addHook('onClose', () => database.close());
  if (tracing) app.addHook('onClose', () => tracing.shutdown());
  await app.listen({ host: config.host, port: config.port });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pgdata`;
  console.log(
    `\nDostava is running at http://localhost:${port}  (database: ${where}${seeded ? ', demo data seeded' : ''})`,
  );
  console.log(`API docs: http://localhost:${port}/api/docs`);
  if (app.metrics) console.log(`Metrics: ${app.metrics.url}`);
  if (config.tracesEndpoint) console.log(`Traces: ${config.tracesEndpoint}`);
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

  // Learned prep and travel times, and the active orders' predictions, kept fresh (decision 0021).
  const { startEtaRefresh } = await import('./modules/eta/eta-refresh.js');
  startEtaRefresh(database.db, app.bus, config.timeZone, (error, what) => app.log.warn({ err: error }, what));

  // SIGTERM (an orchestrator, a deploy): not ready at once, still serving for DRAIN_SECONDS so the
  // load balancer stops sending here, then close: new requests get 503, requests in flight finish, open
  // event streams are told to reconnect (elsewhere) and closed. SIGINT (Ctrl-C) skips the wait. Past
  // SHUTDOWN_TIMEOUT_SECONDS the process gives up and exits 1.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.lifecycle.draining = true;
      const drainMs = signal === 'SIGTERM' ? config.drainSeconds * 1000 : 0;
      app.log.info({ signal, drain_ms: drainMs }, 'shutting down');
      setTimeout(() => {
        const force = setTimeout(() => {
          app.log.error({ timeout_s: config.shutdownTimeoutSeconds }, 'shutdown timed out');
          process.exit(1);
        }, config.shutdownTimeoutSeconds * 1000);
        force.unref();
        app.close().then(
          () => process.exit(0),
          (error) => {
            app.log.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
      }, drainMs);
    });
  }
}

main().catch((error) => {
  // Another process holds the embedded database: the message says which and what to do.
  console.error(error instanceof DataDirHeld ? error.message : error);
  process.exit(1);
});
