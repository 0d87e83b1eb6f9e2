import { OptionsError, parseOptions } from './schedule.js';
import { Simulation } from './simulation.js';

/**
 * `npm run simulate -- --drivers 10 --rate 4`: plays customers, restaurants and drivers against a running
 * Dostava through its public API until Ctrl-C (or --duration).
 */
async function main() {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof OptionsError) {
      console.error(error.message);
      process.exit(error.message.startsWith('Usage') ? 0 : 2);
    }
    throw error;
  }
  const simulation = new Simulation(options);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void simulation.stop().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    await simulation.start();
  } catch (error) {
    console.error(
      `[simulate] could not start: ${(error as Error).message} (is the API running at ${options.url}?)`,
    );
    process.exit(1);
  }
  if (options.duration > 0) setTimeout(stop, options.duration * 1000);
}

void main();
