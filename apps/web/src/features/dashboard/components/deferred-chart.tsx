import { Skeleton } from '@mui/material';
import { type ReactNode, Suspense, useEffect, useState } from 'react';

// The charts (MUI X Charts and d3, about 95 KB gzip) are not needed for the first paint: their code
// starts loading as soon as the dashboard's module is evaluated, beside the dashboard's data, and each
// chart is drawn only once the figures around it have been painted, one chart per task, so drawing
// them never delays the figures nor blocks the page in one long task. Until then a skeleton of the
// chart's own size holds its place (no layout shift). Not in the browser's idle periods: on a busy
// machine those come only at requestIdleCallback's timeout, a second per chart (issue 34).

/** True once this component's first render has been painted and `turn` + 1 tasks have run after it. */
function useTurn(turn: number): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const wait = (left: number) => {
      timer = window.setTimeout(() => (left === 0 ? setReady(true) : wait(left - 1)), 0);
    };
    // The next frame comes after this commit's paint.
    const frame = window.requestAnimationFrame(() => wait(turn));
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [turn]);
  return ready;
}

/**
 * A chart (or another heavy part below the figures: the heat map) drawn after the first paint, in its
 * turn (see above); a skeleton of `height` until then.
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
  const ready = useTurn(turn);
  const placeholder = <Skeleton variant="rounded" height={height} />;
  return ready ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
