import type { DriverEvent, DriverLocation } from '@dostava/shared';
import type { StreamMessage } from '../../../lib/event-stream';
import { coalesce } from './coalesce';

/** The data of a `driver.updated` event (its variants: a position, a shift state, a request, a notice). */
export type DriverUpdate = DriverEvent;

/** Ids changed by one flush, or null when everything may have changed (a fresh list). */
export type ChangeListener = (changed: ReadonlySet<number> | null) => void;

export interface Scheduler {
  schedule(run: () => void): void;
}

/** Collects events and applies them together at most every 400 ms, on an animation frame. */
const frameScheduler = (delayMs = 400): Scheduler => ({
  schedule(run) {
    setTimeout(() => {
      if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible')
        requestAnimationFrame(run);
      else run();
    }, delayMs);
  },
});

const newer = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && (!b || Date.parse(a) > Date.parse(b));

/**
 * The drivers on the map, kept outside React: events arrive in bursts (hundreds of drivers every few
 * seconds), are queued and applied in one batch, and listeners hear which drivers changed so markers
 * move imperatively instead of re-rendering the map. Each changed driver is a new object, so list rows
 * memoized on their driver re-render only when that driver changed.
 */
export class LiveDrivers {
  private readonly drivers = new Map<number, DriverLocation>();
  private readonly pending: DriverUpdate[] = [];
  private readonly listeners = new Set<ChangeListener>();
  private scheduled = false;
  private version = 0;
  private snapshot: DriverLocation[] = [];
  private snapshotVersion = -1;

  constructor(
    /** Called when an event says something the list does not carry (a new driver, a new order). */
    private readonly onStale: () => void = () => undefined,
    private readonly scheduler: Scheduler = frameScheduler(),
  ) {}

  get(id: number): DriverLocation | undefined {
    return this.drivers.get(id);
  }

  /** All drivers, a stable array per version (for useSyncExternalStore). */
  list = (): DriverLocation[] => {
    if (this.snapshotVersion !== this.version) {
      this.snapshot = [...this.drivers.values()];
      this.snapshotVersion = this.version;
    }
    return this.snapshot;
  };

  getVersion = (): number => this.version;

  subscribe = (listener: ChangeListener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A fresh list from the server; a location newer than the list's (an event overtook it) is kept. */
  reset(list: readonly DriverLocation[]) {
    const previous = new Map(this.drivers);
    this.drivers.clear();
    for (const driver of list) {
      const known = previous.get(driver.id);
      if (known && newer(known.last_location_at, driver.last_location_at)) {
        this.drivers.set(driver.id, {
          ...driver,
          location: known.location,
          last_location_at: known.last_location_at,
        });
      } else if (known && sameDriver(known, driver)) {
        this.drivers.set(driver.id, known);
      } else {
        this.drivers.set(driver.id, driver);
      }
    }
    this.version += 1;
    this.emit(null);
  }

  /** Queues an event; it is applied with the others of the same batch. */
  push(update: DriverUpdate) {
    this.pending.push(update);
    if (this.scheduled) return;
    this.scheduled = true;
    this.scheduler.schedule(() => this.flush());
  }

  /** Applies the queued events now. */
  flush() {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const changed = new Set<number>();
    let stale = false;
    for (const update of this.pending.splice(0)) {
      const id = update.driver_id;
      const known = this.drivers.get(id);
      const location = 'location' in update ? update : null;
      const shiftState = 'shift_state' in update ? update.shift_state : undefined;
      if (shiftState === 'off_shift') {
        if (known) {
          this.drivers.delete(id);
          changed.add(id);
        }
        continue;
      }
      if (!known) {
        // Someone started a shift: the list has to be fetched for their name and vehicle.
        stale = true;
        continue;
      }
      // Without a location the event is about a shift, break or order change: the current order may differ.
      if (!location) stale = true;
      let next = known;
      if (location && newer(location.last_location_at, known.last_location_at)) {
        next = { ...next, location: location.location, last_location_at: location.last_location_at };
      }
      if (shiftState && shiftState !== next.shift_state) {
        // A break is a state of its own; coming back, the orders decide (the refetch brings it).
        next = {
          ...next,
          shift_state: shiftState,
          state: shiftState === 'on_break' ? 'on_break' : next.state,
        };
        stale = true;
      }
      if (next !== known) {
        this.drivers.set(id, next);
        changed.add(id);
      }
    }
    if (changed.size > 0) {
      this.version += 1;
      this.emit(changed);
    }
    if (stale) this.onStale();
  }

  private emit(changed: ReadonlySet<number> | null) {
    for (const listener of this.listeners) listener(changed);
  }
}

function sameDriver(a: DriverLocation, b: DriverLocation): boolean {
  return (
    a.shift_state === b.shift_state &&
    a.state === b.state &&
    a.active_orders === b.active_orders &&
    a.first_name === b.first_name &&
    a.last_name === b.last_name &&
    a.last_location_at === b.last_location_at &&
    a.location?.lat === b.location?.lat &&
    a.location?.lng === b.location?.lng &&
    a.vehicle?.type === b.vehicle?.type &&
    a.vehicle?.plate_number === b.vehicle?.plate_number &&
    a.current_order?.id === b.current_order?.id
  );
}

/** On the map: a location the driver actually sent (a position without its time is not one). */
export const isLocated = (
  driver: DriverLocation | undefined,
): driver is DriverLocation & { location: { lat: number; lng: number }; last_location_at: string } =>
  !!driver?.location && !!driver.last_location_at;

/** Events the drivers list cannot carry (a new shift, an order change) refetch it, at most this often. */
export const STALE_REFETCH_MS = 2_000;
/** Order events arrive in bursts: the orders layer is fetched a second after the last, at most every 5 s. */
export const ORDERS_REFRESH_MS = 1_000;
export const ORDERS_REFRESH_MAX_MS = 5_000;

/**
 * The drivers map's live state: driver events move the drivers (`drivers`, applied in batches); what
 * they cannot say refetches the drivers list, at most every STALE_REFETCH_MS; order events refresh the
 * orders layer once per burst (location pings never do); a resync refetches both.
 */
export class DriversMapLive {
  readonly drivers: LiveDrivers;
  private readonly refreshOrders: ReturnType<typeof coalesce>;
  private staleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly refetch: { drivers: () => void; orders: () => void },
    scheduler?: Scheduler,
  ) {
    this.drivers = new LiveDrivers(() => this.driversStale(), scheduler);
    this.refreshOrders = coalesce(() => refetch.orders(), ORDERS_REFRESH_MS, ORDERS_REFRESH_MAX_MS);
  }

  /** One message of the event stream. */
  hear(message: StreamMessage) {
    if (message.kind === 'resync') {
      this.refetch.drivers();
      this.refreshOrders();
    } else if (message.event.type === 'driver.updated') this.drivers.push(message.event.data);
    else this.refreshOrders();
  }

  /** Drops the pending refetches (the page is gone). */
  stop() {
    clearTimeout(this.staleTimer);
    this.staleTimer = undefined;
    this.refreshOrders.cancel();
  }

  private driversStale() {
    if (this.staleTimer) return;
    this.staleTimer = setTimeout(() => {
      this.staleTimer = undefined;
      this.refetch.drivers();
    }, STALE_REFETCH_MS);
  }
}
