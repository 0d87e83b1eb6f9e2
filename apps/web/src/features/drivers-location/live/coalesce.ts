/**
 * Runs `run` once per burst of calls: `waitMs` after the last call, but no later than `maxWaitMs` after
 * the first, so a steady stream of events still refreshes now and then instead of never.
 */
export function coalesce(run: () => void, waitMs: number, maxWaitMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let first = 0;
  const fire = () => {
    timer = undefined;
    first = 0;
    run();
  };
  const call = () => {
    const now = Date.now();
    if (!first) first = now;
    clearTimeout(timer);
    timer = setTimeout(fire, Math.max(0, Math.min(waitMs, first + maxWaitMs - now)));
  };
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    first = 0;
  };
  return call;
}
