import { isActiveStatus, type OrderEvent, type TrackingView } from '@dostava/shared';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../lib/bus.js';
import { loadSnapshot, orderOfToken, type TrackingSnapshot, viewOf } from './tracking-service.js';

/**
 * How long a token's order is trusted. A revocation or re-issue tells every instance at once (the bus's
 * control notice), so this is only the net under a lost notice; a page open for hours costs one lookup
 * per this long, not one per poll.
 */
const TOKEN_TTL_MS = 10 * 60_000;
/** How long an unknown token stays unknown (guessing is rate-limited per client besides). */
const UNKNOWN_TTL_MS = 5_000;
/**
 * A snapshot is read again this often even without an event. Every change it shows is announced (the
 * orders' writes, the periodic ETA pass, a rating or a link's change by a control notice) and a bus
 * that missed events drops everything, so this is only the net under a change nobody announced (a
 * restaurant renamed); it is what thousands of open pages cost the database when nothing moves.
 */
const SNAPSHOT_TTL_MS = 5 * 60_000;
/** Bounds the memory a flood of different tokens can take. */
const MAX_TOKENS = 50_000;
const MAX_SNAPSHOTS = 20_000;
/** A page counts as open while it asked within this window. */
const OPEN_WINDOW_MS = 10_000;

interface Entry {
  loaded: number;
  snapshot: Promise<TrackingSnapshot | null>;
}

type Position = { lat: number; lng: number; at: string };

/**
 * The tracking pages' answers from memory (decision 0037): thousands of pages polling every two seconds
 * cost the database one read per order per change, not one per poll. A snapshot per order is dropped
 * when the bus announces a change of that order or of another order of its driver (a batch's stops
 * move); the driver's position comes from the drivers' own location events, never from the database.
 */
export class TrackingCache {
  private readonly tokens = new Map<string, { order_id: number | null; until: number }>();
  private readonly snapshots = new Map<number, Entry>();
  /** The snapshots that show each driver (to drop them when another of the driver's orders moves). */
  private readonly byDriver = new Map<number, Set<number>>();
  private readonly positions = new Map<number, Position>();
  /** Snapshots of orders on the road that are their driver's only one (see patchEta). */
  private readonly aloneOnRoad = new Set<number>();
  /** Each open page's last poll (token and client), to count open pages. */
  private readonly seen = new Map<string, number>();
  /** Reads of the database the cache made: snapshots, and tokens looked up (the bench shows them). */
  loads = 0;
  tokenLoads = 0;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeControl: () => void;

  constructor(
    private readonly db: Db,
    bus: EventBus,
    private readonly linkHours: () => Promise<number>,
  ) {
    this.unsubscribe = bus.subscribe(
      (event) => {
        if (event.type === 'order.updated' && this.patchEta(event.data)) return;
        if (event.type === 'order.created' || event.type === 'order.updated') {
          this.drop(event.data.order_id);
          for (const driver of [event.data.order.driver?.id, event.data.previous?.driver_id])
            if (driver !== null && driver !== undefined) this.dropDriver(driver);
        } else if (event.type === 'driver.updated' && 'location' in event.data) {
          this.positions.set(event.data.driver_id, {
            lat: event.data.location.lat,
            lng: event.data.location.lng,
            at: event.data.last_location_at,
          });
        }
      },
      // Events were missed (Redis came back): nothing held can be trusted.
      () => this.clear(),
    );
    this.unsubscribeControl = bus.onControl(
      (message) => {
        if (message.type === 'tracking.changed') this.forgetOrder(message.order_id);
      },
      () => this.clear(),
    );
  }

  close() {
    this.unsubscribe();
    this.unsubscribeControl();
  }

  clear() {
    this.tokens.clear();
    this.snapshots.clear();
    this.byDriver.clear();
    this.aloneOnRoad.clear();
  }

  /** Forget an order's snapshot (and, after a revocation, its tokens: they are looked up again). */
  drop(orderId: number) {
    this.snapshots.delete(orderId);
    this.aloneOnRoad.delete(orderId);
  }

  /** An order's link changed (revoked, issued again): its tokens are looked up again. */
  forgetOrder(orderId: number) {
    for (const [token, hit] of this.tokens) if (hit.order_id === orderId) this.tokens.delete(token);
    this.drop(orderId);
  }

  /**
   * A new prediction alone (the periodic ETA pass moves most open orders every pass; a dispatch round
   * makes offers the page does not show): the snapshot takes the event's figures instead of a read.
   * Not for an order on the road in a batch: the order of the drop-offs follows the predictions
   * (`stops_before`, which decides whether the position shows), so those are read again with the
   * driver's other orders. A driver's batch only grows by an order event naming the driver, which
   * drops the driver's snapshots.
   */
  private patchEta(data: OrderEvent): boolean {
    const figuresOnly = (data.eta || data.dispatch) && !data.status && data.driver_id === undefined;
    if (!figuresOnly || !isActiveStatus(data.order.status)) return false;
    if (data.order.status === 'in_delivery' && !this.aloneOnRoad.has(data.order_id)) return false;
    const entry = this.snapshots.get(data.order_id);
    if (!entry) return true;
    entry.snapshot = entry.snapshot.then((s) =>
      s && s.view.status === data.order.status
        ? {
            ...s,
            view: {
              ...s.view,
              promised_at: data.order.promised_at,
              predicted_delivery_at: data.order.predicted_delivery_at,
              risk_reason: data.order.risk_reason,
            },
          }
        : s,
    );
    return true;
  }

  private dropDriver(driverId: number) {
    for (const orderId of this.byDriver.get(driverId) ?? []) this.drop(orderId);
    this.byDriver.delete(driverId);
  }

  /** The order a token opens, from memory when asked recently. */
  async orderOf(token: string): Promise<number | null> {
    const now = Date.now();
    const hit = this.tokens.get(token);
    if (hit && hit.until > now) return hit.order_id;
    this.tokenLoads += 1;
    const orderId = await orderOfToken(this.db, token);
    if (this.tokens.size >= MAX_TOKENS) this.tokens.clear();
    this.tokens.set(token, {
      order_id: orderId,
      until: now + (orderId === null ? UNKNOWN_TTL_MS : TOKEN_TTL_MS),
    });
    return orderId;
  }

  private snapshot(orderId: number): Promise<TrackingSnapshot | null> {
    const now = Date.now();
    const hit = this.snapshots.get(orderId);
    if (hit && now - hit.loaded < SNAPSHOT_TTL_MS) return hit.snapshot;
    if (this.snapshots.size >= MAX_SNAPSHOTS) {
      this.snapshots.clear();
      this.aloneOnRoad.clear();
    }
    this.aloneOnRoad.delete(orderId);
    this.loads += 1;
    // Every poll of the order waits for this one read.
    const entry: Entry = {
      loaded: now,
      snapshot: loadSnapshot(this.db, orderId).then((s) => {
        // Only while this entry is the order's (a drop meanwhile makes it stale).
        if (s?.alone_on_road && this.snapshots.get(orderId) === entry) this.aloneOnRoad.add(orderId);
        if (s?.driver_id != null) {
          const set = this.byDriver.get(s.driver_id) ?? new Set<number>();
          set.add(orderId);
          this.byDriver.set(s.driver_id, set);
        }
        return s;
      }),
    };
    entry.snapshot.catch(() => {
      if (this.snapshots.get(orderId) === entry) this.snapshots.delete(orderId);
    });
    this.snapshots.set(orderId, entry);
    return entry.snapshot;
  }

  /** The page's answer for a token; null for an unknown, revoked or expired one alike. */
  async view(token: string, client: string): Promise<TrackingView | null> {
    const orderId = await this.orderOf(token);
    if (orderId === null) return null;
    const [snapshot, hours] = await Promise.all([this.snapshot(orderId), this.linkHours()]);
    if (!snapshot) return null;
    if (snapshot.ended_at && snapshot.ended_at.getTime() + hours * 3_600_000 <= Date.now()) return null;
    this.markSeen(`${token}|${client}`);
    let position = snapshot.driver_position;
    const live = snapshot.driver_id !== null ? this.positions.get(snapshot.driver_id) : undefined;
    if (live && (!position || live.at > position.at)) position = live;
    return viewOf(snapshot, position, hours);
  }

  private markSeen(key: string) {
    const now = Date.now();
    if (this.seen.size >= MAX_TOKENS) this.pruneSeen(now);
    this.seen.set(key, now);
  }

  private pruneSeen(now: number) {
    for (const [key, at] of this.seen) if (now - at > OPEN_WINDOW_MS) this.seen.delete(key);
  }

  /** Pages that asked within the last ten seconds on this instance. */
  openPages(): number {
    this.pruneSeen(Date.now());
    return this.seen.size;
  }
}
