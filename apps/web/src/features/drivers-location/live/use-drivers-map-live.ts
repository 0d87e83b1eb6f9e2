import type { DriverLocation } from '@dostava/shared';
import { useEffect, useState } from 'react';
import { eventStream } from '../../../lib/event-stream';
import { DriversMapLive } from './driver-store';

/**
 * The drivers map kept live for as long as the page is open: the store takes each fresh drivers list
 * (`list`) and the stream's events. The refetches are read when they run, so the latest ones are used.
 */
export function useDriversMapLive(
  list: readonly DriverLocation[] | undefined,
  refetch: { drivers: () => unknown; orders: () => unknown },
) {
  const [latest] = useState(() => ({ current: refetch }));
  latest.current = refetch;
  const [live] = useState(
    () =>
      new DriversMapLive({
        drivers: () => void latest.current.drivers(),
        orders: () => void latest.current.orders(),
      }),
  );
  useEffect(() => () => live.stop(), [live]);
  useEffect(() => {
    if (list) live.drivers.reset(list);
  }, [list, live]);
  useEffect(() => eventStream.listen((message) => live.hear(message)), [live]);
  return live.drivers;
}
