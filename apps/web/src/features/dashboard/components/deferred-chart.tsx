import { Skeleton } from '@mui/material';
import { type ReactNode, Suspense, useEffect, useState } from 'react';

// The charts (MUI X Charts and d3, about 95 KB gzip) are not needed for the first paint: their code
// starts loading as soon as the dashboard's module is evaluated, beside the dashboard's data, and each
// chart is drawn only once the figures around it have been painted and the browser is idle, one chart
// per idle turn, so drawing them never delays the figures nor blocks the page in one long task. Until
// then a skeleton of the chart's own size holds its place (no layout shift).

const whenIdle = (callback: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 1);
  return () => window.clearTimeout(handle);
};

/** True once this component's first render has been painted and `turn` + 1 idle periods have passed. */
function useIdleTurn(turn: number): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const wait = (left: number) => {
      cancel = whenIdle(() => (left === 0 ? setReady(true) : wait(left - 1)));
    };
    // The next frame comes after this commit's paint.
    const frame = window.requestAnimationFrame(() => wait(turn));
    return () => {
      window.cancelAnimationFrame(frame);
      cancel();
    };
  }, [turn]);
  return ready;
}

/**
 * A chart (or another heavy part below the figures: the heat map) drawn after the first paint, in its
 * idle turn (see above); a skeleton of `height` until then.
 */
export function DeferredChart({
  turn,
  height,
  children,
}: {
  turn: number;
  height: number;
  children: ReactNode;
}) {
  const ready = useIdleTurn(turn);
  const placeholder = <Skeleton variant="rounded" height={height} />;
  return ready ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
