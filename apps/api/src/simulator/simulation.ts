import { hourOfWeek, PLANNED_END_MAX_HOURS } from '@dostava/shared';
import { restaurantImage } from '../db/seed/images.js';
import { Account, Http } from './client.js';
import {
  distanceMeters,
  drivePath,
  jitter,
  OUTSIDE,
  type Point,
  type Random,
  SARAJEVO,
  STREETS,
  waypoints,
} from './geo.js';
import {
  batches,
  between,
  kitchenSlowdown,
  nextArrivalMs,
  type SimulatorOptions,
  SPEEDS,
} from './schedule.js';

/** The share of customers who ask from outside where the operation delivers. */
const OUTSIDE_SHARE = 1 / 12;

interface Person {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_active?: boolean;
  restaurant_id?: number | null;
}
interface Restaurant {
  id: number;
  name: string;
  lat: number | null;
  lng: number | null;
}
interface OrderItem {
  id: number;
  order_number: string;
  status: string;
  restaurant: { id: number; name: string };
  driver: { id: number } | null;
  payment_method: 'cash' | 'card';
  total: number;
  lat?: number;
  lng?: number;
  dispatch_mode?: 'manual' | 'suggest' | 'automatic';
}
interface Menu {
  ordering: { takes_orders: boolean };
  categories: { products: { id: number; name: string; price: number; snoozed: boolean }[] }[];
}

type Log = (line: string) => void;

/** How many customer and restaurant accounts are played (each signs in once; sign-ins are limited per IP). */
const CUSTOMERS = 6;
const RESTAURANTS = 6;
/** A kitchen queue this long (orders new or in preparation) makes some restaurants say they are busy. */
const BUSY_QUEUE = 6;

/**
 * Plays the operation through the public API: customers order from real menus, restaurant managers accept
 * and prepare, drivers start shifts, move, take breaks, pick up and deliver.
 */
export class Simulation {
  private readonly http: Http;
  private stopping = false;
  private readonly wakers = new Set<() => void>();
  private readonly loops: Promise<void>[] = [];
  private restaurants = new Map<number, Restaurant & { point: Point }>();
  /** Where each order placed here goes. */
  private readonly destinations = new Map<number, Point>();
  /** The customers' tracking links by order: the customer reads the delivery PIN there (issue 38). */
  private readonly trackingTokens = new Map<number, string>();
  private endShiftAvailable: boolean | null = null;
  /** Handles the incidents drivers report (issue 38). */
  private dispatcher: Account | null = null;
  private readonly onBreak = new Set<Account>();
  private readonly stats = {
    orders: 0,
    delivered: 0,
    locations: 0,
    offersAccepted: 0,
    offersDeclined: 0,
    offersIgnored: 0,
    /** Offers accepted or declined by a driver who already carried an order. */
    offersAnsweredCarrying: 0,
    plannedEnds: 0,
    /** Customers outside where the operation (or the restaurant) delivers: their quotes refused. */
    refused: 0,
    incidents: 0,
    refunds: 0,
    redeliveries: 0,
  };

  constructor(
    private readonly options: SimulatorOptions,
    private readonly log: Log = (line) => console.log(line),
    private readonly random: Random = Math.random,
  ) {
    this.http = new Http(options.url);
  }

  private say(line: string) {
    if (!this.options.quiet) this.log(`[simulate ${new Date().toISOString().slice(11, 19)}] ${line}`);
  }

  /** Waits `ms` (Infinity: until the stop), or less when the simulation stops. True if still running. */
  private wait(ms: number): Promise<boolean> {
    if (this.stopping) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve(!this.stopping);
      };
      // setTimeout fires at once past 2^31 - 1 ms (a rate of 0 would order without pause).
      const timer = Number.isFinite(ms) ? setTimeout(done, Math.max(0, ms)) : undefined;
      this.wakers.add(done);
    });
  }

  private paced(minSeconds: number, maxSeconds: number) {
    return between(minSeconds, maxSeconds, this.random) * this.options.pace;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  /** Signs in, looks the operation up and starts every actor. */
  async start(): Promise<void> {
    const admin = new Account(this.http, 'admin@example.com', this.options.password, 'staff');
    await admin.signIn();
    const list = async <T>(path: string) => (await admin.ok<{ data: T[] }>('GET', path)).data;
    const [drivers, customers, managers, restaurants] = await Promise.all([
      list<Person>('/api/users?role=driver&per_page=100'),
      list<Person>('/api/users?role=customer&per_page=100'),
      list<Person>('/api/users?role=restaurant_manager&per_page=100'),
      list<Restaurant>('/api/restaurants?per_page=100'),
    ]);
    for (const r of restaurants) {
      const point =
        r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng } : jitter(SARAJEVO, 800, this.random);
      this.restaurants.set(r.id, { ...r, point });
    }
    const active = (people: Person[]) => people.filter((p) => p.is_active !== false);
    const playedManagers = active(managers)
      .filter((m) => m.restaurant_id && this.restaurants.has(m.restaurant_id))
      .slice(0, RESTAURANTS);
    const playedCustomers = active(customers)
      .slice(0, CUSTOMERS)
      .map((c) => new Account(this.http, c.email, this.options.password, 'app'));
    const playedDrivers = active(drivers).slice(0, this.options.drivers);
    this.say(
      `playing ${playedDrivers.length} drivers, ${playedCustomers.length} customers and ${playedManagers.length} restaurants at ${this.options.rate} orders/min against ${this.options.url}`,
    );

    for (const manager of playedManagers) {
      const account = new Account(this.http, manager.email, this.options.password, 'staff');
      this.loops.push(
        this.guard(`restaurant ${manager.restaurant_id}`, () =>
          this.restaurantLoop(account, manager.restaurant_id as number),
        ),
      );
    }
    // Drivers take only what is assigned or offered to them (or, where the operation opened it, the
    // pool): someone must play the dispatcher's clicks for the orders not in the automatic mode.
    const dispatcher = new Account(this.http, 'dispatcher@example.com', this.options.password, 'staff');
    this.dispatcher = dispatcher;
    this.loops.push(this.guard('dispatcher', () => this.dispatcherLoop(dispatcher)));
    this.loops.push(this.guard('cash office', () => this.officeLoop(admin)));
    const open = playedManagers.map((m) => m.restaurant_id as number);
    if (open.length > 0 && playedCustomers.length > 0)
      this.loops.push(this.guard('customers', () => this.customerLoop(playedCustomers, open)));
    playedDrivers.forEach((driver, i) => {
      const account = new Account(this.http, driver.email, this.options.password, 'app');
      const name = `${driver.first_name} ${driver.last_name}`;
      // Staggered, so the first batch of sign-ins and shifts does not arrive at once.
      this.loops.push(
        this.guard(`driver ${name}`, async () => {
          if (await this.wait(i * 400)) await this.driverLoop(account, name);
        }),
      );
    });
  }

  /** Runs an actor; an error is logged and the actor starts over after a pause. */
  private async guard(name: string, run: () => Promise<void>): Promise<void> {
    while (!this.stopping) {
      try {
        await run();
        return;
      } catch (error) {
        this.log(`[simulate] ${name}: ${(error as Error).message}`);
        await this.wait(5_000);
      }
    }
  }

  /** Stops: every actor finishes its step, the requests in flight complete, open breaks end. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    for (const wake of [...this.wakers]) wake();
    await Promise.allSettled(this.loops);
    await this.http.settle();
    await Promise.allSettled(
      [...this.onBreak].map((account) => account.call('POST', '/api/driver/breaks/end')),
    );
    this.say(
      `stopped: ${this.stats.orders} orders placed, ${this.stats.delivered} delivered, ${this.stats.locations} locations sent; offers ${this.stats.offersAccepted} accepted, ${this.stats.offersDeclined} declined (${this.stats.offersAnsweredCarrying} of them while carrying), ${this.stats.offersIgnored} left to expire; ${this.stats.plannedEnds} planned ends of shift; ${this.stats.refused} customers outside the delivery areas refused; ${this.stats.incidents} incidents, ${this.stats.refunds} refunds, ${this.stats.redeliveries} redeliveries`,
    );
  }

  // The dispatcher ------------------------------------------------------------------------------------

  /**
   * Plays the dispatcher at the board: every few seconds the orders waiting for a driver outside the
   * automatic mode get one, a few at a time as a person clicks: in suggest mode the suggestion is
   * accepted, in manual mode the first free driver of the picker (who has not asked to end the shift).
   */
  private async dispatcherLoop(dispatcher: Account) {
    await dispatcher.signIn();
    while (await this.wait(this.paced(3, 8))) {
      const waiting = (
        await Promise.all(
          (['ready_no_driver', 'preparing'] as const).map(
            async (lane) =>
              (
                await dispatcher.ok<{ data: OrderItem[] }>(
                  'GET',
                  `/api/orders?lane=${lane}&sort=urgency&per_page=20`,
                )
              ).data,
          ),
        )
      )
        .flat()
        .filter((o) => !o.driver && o.dispatch_mode !== 'automatic');
      if (waiting.length === 0) continue;
      const suggested = waiting.some((o) => o.dispatch_mode === 'suggest')
        ? new Map(
            (
              await dispatcher.ok<{ data: { items: { order_id: number; driver: { id: number } }[] } }>(
                'GET',
                '/api/dispatch/suggestions',
              )
            ).data.items.map((s) => [s.order_id, s.driver.id]),
          )
        : new Map<number, number>();
      const taken = new Set<number>();
      for (const order of waiting.slice(0, 4)) {
        if (this.stopping) return;
        let driverId = order.dispatch_mode === 'suggest' ? suggested.get(order.id) : undefined;
        if (order.dispatch_mode === 'manual') {
          const candidates = (
            await dispatcher.ok<{ data: { id: number; state: string; end_shift_requested: boolean }[] }>(
              'GET',
              `/api/orders/${order.id}/driver-candidates`,
            )
          ).data;
          driverId = candidates.find(
            (c) => c.state === 'available' && !c.end_shift_requested && !taken.has(c.id),
          )?.id;
        }
        if (driverId === undefined || taken.has(driverId)) continue;
        const reply =
          order.dispatch_mode === 'suggest'
            ? await dispatcher.call('POST', `/api/orders/${order.id}/accept-suggestion`, {
                driver_id: driverId,
              })
            : await dispatcher.call('POST', `/api/orders/${order.id}/assign`, { driver_id: driverId });
        if (reply.status === 200) {
          taken.add(driverId);
          this.say(`the dispatcher assigned ${order.order_number}`);
        }
      }
    }
  }

  /**
   * Plays the cash office: a driver's end-of-shift request waits a few minutes (the cash register shows
   * it pending), then the cash is collected and the shift closed, so the driver can start another.
   * Without it every played driver would stand still after the first end of shift.
   */
  private async officeLoop(admin: Account) {
    while (await this.wait(this.paced(20, 40))) {
      const pending = (
        await admin.ok<{ data: { id: number; driver: { first_name: string }; created_at: string }[] }>(
          'GET',
          '/api/end-shift-requests?status=pending&sort=created_at&per_page=50',
        )
      ).data;
      const due = Date.now() - this.paced(2 * 60, 5 * 60);
      for (const request of pending) {
        if (this.stopping) return;
        if (Date.parse(request.created_at) > due) continue;
        const reply = await admin.call('POST', `/api/end-shift-requests/${request.id}/collect`);
        if (reply.status === 200) this.say(`the office collected ${request.driver.first_name}'s cash`);
      }
    }
  }

  // Customers ------------------------------------------------------------------------------------------

  private async customerLoop(customers: Account[], restaurantIds: number[]) {
    while (await this.wait(nextArrivalMs(this.options.rate, this.random))) {
      const customer = this.pick(customers);
      // Not awaited: a slow order does not hold up the next customer.
      void this.placeOrder(customer, restaurantIds).catch((error: Error) =>
        this.log(`[simulate] order failed: ${error.message}`),
      );
    }
  }

  /** The menu of a restaurant that takes orders now, looked for as a customer would: one, then another. */
  private async openMenu(customer: Account, restaurantIds: number[]) {
    const left = [...restaurantIds];
    while (left.length) {
      const [restaurantId] = left.splice(Math.floor(this.random() * left.length), 1) as [number];
      // The menu as it is now: a customer orders only where it takes orders, nothing out of stock.
      const menu = await customer.ok<{ data: Menu }>('GET', `/api/restaurants/${restaurantId}/menu`);
      const products = menu.data.categories.flatMap((c) => c.products).filter((p) => !p.snoozed);
      if (menu.data.ordering.takes_orders && products.length) return { restaurantId, products };
      if (this.stopping) return null;
    }
    return null;
  }

  private async placeOrder(customer: Account, restaurantIds: number[]) {
    const open = await this.openMenu(customer, restaurantIds);
    if (!open) return;
    const { restaurantId, products } = open;
    const count = 1 + Math.floor(this.random() * 3);
    const chosen = new Map<number, number>();
    for (let i = 0; i < count; i++) {
      const product = this.pick(products);
      chosen.set(product.id, (chosen.get(product.id) ?? 0) + 1 + (this.random() < 0.2 ? 1 : 0));
    }
    // One customer in twelve asks from where the operation does not deliver: the app's quote is
    // refused saying why, as in real traffic, and no order is placed.
    const street = this.random() < OUTSIDE_SHARE ? this.pick(OUTSIDE) : this.pick(STREETS);
    const point = jitter(street, 350, this.random);
    const items = [...chosen].map(([product_id, quantity]) => ({ product_id, quantity }));
    const at = { lat: Number(point.lat.toFixed(6)), lng: Number(point.lng.toFixed(6)) };
    const quote = await customer.call<{ data: { id: string }; error?: string }>('POST', '/api/quotes', {
      restaurant_id: restaurantId,
      items,
      ...at,
    });
    if (quote.status !== 201) {
      this.stats.refused += 1;
      this.say(
        `${customer.email} at ${street.name}: no delivery from restaurant ${restaurantId} (${quote.body.error ?? quote.status})`,
      );
      return;
    }
    const reply = await customer.call<{ data: OrderItem }>('POST', '/api/orders', {
      restaurant_id: restaurantId,
      items,
      address: `${street.name} ${1 + Math.floor(this.random() * 120)}`,
      phone: `+387 6${1 + Math.floor(this.random() * 3)} ${100 + Math.floor(this.random() * 900)} ${100 + Math.floor(this.random() * 900)}`,
      ...at,
      payment: this.random() < 0.55 ? 'cash' : 'card',
      quote_id: quote.body.data.id,
      ...(this.random() < 0.2 ? { note: 'Molim bez luka' } : {}),
    });
    if (reply.status !== 201) {
      this.log(`[simulate] order at restaurant ${restaurantId} refused: ${reply.status}`);
      return;
    }
    this.stats.orders += 1;
    this.destinations.set(reply.body.data.id, point);
    const token = (reply.body.data as { tracking_token?: string | null }).tracking_token;
    if (token) this.trackingTokens.set(reply.body.data.id, token);
    this.say(
      `${customer.email} ordered ${reply.body.data.order_number} from ${this.restaurants.get(restaurantId)?.name}`,
    );
  }

  // Restaurants ----------------------------------------------------------------------------------------

  private async restaurantLoop(manager: Account, restaurantId: number) {
    await manager.signIn();
    /** When each order's next step is due. */
    const due = new Map<number, number>();
    // Half the kitchens (odd ids: no draw from the seeded random) say they are busy when their queue
    // is long, and back to normal later.
    const saysBusy = restaurantId % 2 === 1;
    let busy = false;
    while (await this.wait(Math.max(2_000, 5_000 * Math.min(1, this.options.pace * 2)))) {
      const { data } = await manager.ok<{ data: OrderItem[] }>('GET', '/api/orders?active=true&per_page=100');
      const now = Date.now();
      if (saysBusy && !this.stopping) busy = await this.busyMode(manager, restaurantId, data, busy);
      for (const order of data) {
        const next =
          order.status === 'created'
            ? 'preparing_order'
            : order.status === 'preparing_order'
              ? 'ready_for_pickup'
              : null;
        if (!next) continue;
        const key = order.id * 10 + (next === 'preparing_order' ? 1 : 2);
        const at = due.get(key);
        if (at === undefined) {
          // Some kitchens are slow at peak (kitchenSlowdown), in the operation's zone.
          const hour = hourOfWeek(new Date(now), process.env.TZ_OPERATION ?? 'Europe/Sarajevo') % 24;
          const prep = this.paced(20, 60) * kitchenSlowdown(order.restaurant.id, hour);
          due.set(key, now + (next === 'preparing_order' ? this.paced(5, 20) : prep));
          continue;
        }
        if (at > now || this.stopping) continue;
        const reply = await manager.call('POST', `/api/orders/${order.id}/status`, { status: next });
        due.delete(key);
        if (reply.status === 200)
          this.say(
            `${order.restaurant.name}: ${order.order_number} ${next === 'preparing_order' ? 'accepted, preparing' : 'ready for pickup'}`,
          );
      }
    }
  }

  /** Busy (+20, or +30 past twice the threshold) at a long kitchen queue; normal once it is short again. */
  private async busyMode(manager: Account, restaurantId: number, orders: OrderItem[], busy: boolean) {
    const queue = orders.filter((o) => o.status === 'created' || o.status === 'preparing_order').length;
    const name = this.restaurants.get(restaurantId)?.name ?? `restaurant ${restaurantId}`;
    if (!busy && queue >= BUSY_QUEUE) {
      const minutes = queue >= 2 * BUSY_QUEUE ? 30 : 20;
      const reply = await manager.call('PUT', `/api/restaurants/${restaurantId}/capacity`, {
        mode: 'busy',
        minutes,
      });
      if (reply.status === 200) this.say(`${name} is busy: +${minutes} min (${queue} orders in the kitchen)`);
      return reply.status === 200;
    }
    if (busy && queue <= BUSY_QUEUE / 3) {
      const reply = await manager.call('PUT', `/api/restaurants/${restaurantId}/capacity`, {
        mode: 'normal',
      });
      if (reply.status === 200) this.say(`${name} is back to normal`);
      return reply.status !== 200;
    }
    return busy;
  }

  // Proof of delivery -----------------------------------------------------------------------------------

  /**
   * Marks the order delivered with the proof it needs (issue 38): the PIN the customer reads on the
   * tracking page, a photo or a signature uploaded first. Now and then the photo does not go through
   * at the door and follows a little later. An order whose PIN the customer cannot give (placed
   * outside this run) is confirmed by the dispatcher, as staff may.
   */
  private async deliver(driver: Account, order: OrderItem, at: Point, name: string) {
    const needs = await driver.call<{ data: { required: string } }>(
      'GET',
      `/api/driver/orders/${order.id}/proof`,
    );
    const required = needs.status === 200 ? needs.body.data.required : 'none';
    const where = { lat: at.lat, lng: at.lng };
    const delivered = (proof?: object) =>
      driver.call('POST', `/api/driver/orders/${order.id}/status`, {
        status: 'delivered',
        ...(proof ? { proof: { ...where, ...proof } } : {}),
      });
    const upload = async () => {
      const form = new FormData();
      const png = restaurantImage(Math.floor(this.random() * 360), 64, 48);
      form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
      const sent = await driver.call<{ data: { id: number } }>('POST', '/api/driver/uploads', form);
      return sent.status === 201 ? sent.body.data.id : null;
    };
    if (required === 'pin') {
      const token = this.trackingTokens.get(order.id);
      const view = token
        ? await this.http.call<{ data: { delivery_pin: string | null } }>('GET', `/api/tracking/${token}`)
        : null;
      const pin = view?.status === 200 ? view.body.data.delivery_pin : null;
      if (pin) return delivered({ pin });
      this.say(`${name}: the customer of ${order.order_number} has no PIN to give; the dispatcher confirms`);
      return (
        this.dispatcher?.call('POST', `/api/orders/${order.id}/status`, { status: 'delivered' }) ??
        delivered()
      );
    }
    if (required === 'signature') return delivered({ signature_id: (await upload()) ?? undefined });
    if (required === 'photo') {
      if (this.random() < 0.1) {
        // The connection failed at the door: delivered now, the photo follows.
        const reply = await delivered({ photo_pending: true });
        if (reply.status === 200) {
          const photo = await upload();
          if (photo !== null)
            await driver.call('POST', `/api/driver/orders/${order.id}/proof/photo`, {
              photo_id: photo,
              ...where,
            });
          this.say(`${name} sent the photo of ${order.order_number} after the delivery`);
        }
        return reply;
      }
      return delivered({ photo_id: (await upload()) ?? undefined });
    }
    return delivered();
  }

  // Incidents ------------------------------------------------------------------------------------------

  /**
   * The driver reports what went wrong; the dispatcher leaves some open (the board counts them),
   * resolves some without action, sends some again (a redelivery), and refunds the rest in part (cash at the door, a card through the
   * provider) before resolving them. Answers the cash the driver gave back at the door.
   */
  private async incident(driver: Account, order: OrderItem, name: string): Promise<number> {
    const type = this.pick(['cold', 'late', 'damaged', 'missing_item', 'wrong_item'] as const);
    const reported = await driver.call<{ data: { id: number } }>(
      'POST',
      `/api/driver/orders/${order.id}/incidents`,
      { type, comment: null },
    );
    if (reported.status !== 201 || !this.dispatcher) return 0;
    this.stats.incidents += 1;
    this.say(`${name} reported ${type} on ${order.order_number}`);
    const id = reported.body.data.id;
    const roll = this.random();
    if (roll < 0.3) return 0;
    if (roll < 0.5) {
      await this.dispatcher.call('POST', `/api/incidents/${id}/resolve`, {
        resolution: 'no_action',
        reason: 'Kupac je zadovoljan',
      });
      return 0;
    }
    if (roll < 0.6) {
      // A missing item goes out again: a redelivery at no charge, its cost on one party.
      const owed = await this.dispatcher.call<{ data: { lines: { order_item_id: number }[] } }>(
        'GET',
        `/api/orders/${order.id}/refunds`,
      );
      const line = owed.status === 200 ? owed.body.data.lines[0] : undefined;
      if (!line) return 0;
      const resolved = await this.dispatcher.call('POST', `/api/incidents/${id}/resolve`, {
        resolution: 'redeliver',
        reason: 'Ponovna dostava',
        redelivery: {
          lines: [{ order_item_id: line.order_item_id, quantity: 1 }],
          liable: this.pick(['restaurant', 'operation'] as const),
        },
      });
      if (resolved.status === 200) this.stats.redeliveries += 1;
      return 0;
    }
    const cash = order.payment_method === 'cash';
    const amount = Math.min(order.total, 100 * Math.round(between(1, 6, this.random)));
    const refund = await this.dispatcher.call<{ data: { status: string } }>(
      'POST',
      `/api/orders/${order.id}/refunds`,
      {
        incident_id: id,
        fixed_amount: amount,
        liable: this.pick(['restaurant', 'operation'] as const),
        ...(cash ? { cash_return: 'at_door' } : { payment_reference: `SIM-${order.order_number}` }),
        reason: 'Djelimični povrat zbog prijave dostavljača',
      },
      { 'Idempotency-Key': `sim-${order.id}-${id}` },
    );
    if (refund.status !== 201) return 0;
    this.stats.refunds += 1;
    await this.dispatcher.call('POST', `/api/incidents/${id}/resolve`, {
      resolution: 'refund',
      reason: 'Djelimičan povrat',
    });
    return cash && refund.body.data.status === 'approved' ? amount : 0;
  }

  // Drivers --------------------------------------------------------------------------------------------

  private async driverLoop(driver: Account, name: string) {
    await driver.signIn();
    const me = driver.user?.id;
    const speed = SPEEDS[this.pick(['bike', 'scooter', 'car'] as const)];
    let position = jitter(this.pick(STREETS), 300, this.random);
    let cash = 0;
    let shiftEnds = 0;
    /** Orders the driver holds now (assigned, picked up): what the phone knows when an offer comes. */
    let carrying = 0;
    /**
     * Tells the app when the shift is planned to end (the end the driver has in mind), so dispatch
     * offers no pickup that cannot be made before it. Later than the API takes is left unsaid.
     */
    const planEnd = async () => {
      const ahead = shiftEnds - Date.now();
      if (ahead <= 0 || ahead > PLANNED_END_MAX_HOURS * 3_600_000) return;
      const reply = await driver.call('PUT', '/api/driver/shift/planned-end', {
        planned_end_at: new Date(shiftEnds).toISOString(),
      });
      if (reply.status === 200) this.stats.plannedEnds += 1;
    };
    const start = async () => {
      const reply = await driver.call('POST', '/api/driver/shift/start');
      if (reply.status === 200) this.say(`${name} started a shift`);
      shiftEnds = Date.now() + this.paced(15 * 60, 30 * 60);
      await planEnd();
    };
    await start();

    /**
     * The phone answers the automatic dispatch's offers as they come, whatever the driver is doing
     * (driving, at the pass, at a door): accept (the configured share), decline, or let it run out;
     * each offer once. Looked at every few seconds (a push in the real app).
     */
    const answered = new Set<number>();
    const offerEveryMs = Math.max(this.options.locationInterval, 5 * this.options.pace) * 1000;
    let offersSeenAt = 0;
    const answerOffers = async () => {
      if (Date.now() - offersSeenAt < offerEveryMs) return;
      offersSeenAt = Date.now();
      const reply = await driver.call<{
        data: { items: { id: number; order_id: number; order_number: string }[] };
      }>('GET', '/api/driver/offers');
      if (reply.status !== 200) return;
      for (const offer of reply.body.data.items) {
        if (answered.has(offer.id) || this.stopping) continue;
        answered.add(offer.id);
        const busy = carrying > 0;
        const roll = this.random();
        if (roll < this.options.accept) {
          const accepted = await driver.call<{ data: OrderItem }>(
            'POST',
            `/api/driver/orders/${offer.order_id}/accept`,
          );
          if (accepted.status === 200) {
            const order = accepted.body.data;
            if (order.lat !== undefined && order.lng !== undefined && !this.destinations.has(order.id))
              this.destinations.set(order.id, { lat: order.lat, lng: order.lng });
            this.stats.offersAccepted += 1;
            if (busy) this.stats.offersAnsweredCarrying += 1;
            carrying += 1;
            this.say(`${name} accepted the offer of ${offer.order_number}${busy ? ' while carrying' : ''}`);
          }
        } else if (roll < this.options.accept + (1 - this.options.accept) / 2) {
          const declined = await driver.call('POST', `/api/driver/orders/${offer.order_id}/decline`);
          if (declined.status === 204) {
            this.stats.offersDeclined += 1;
            if (busy) this.stats.offersAnsweredCarrying += 1;
            this.say(`${name} declined the offer of ${offer.order_number}`);
          }
        } else {
          this.stats.offersIgnored += 1;
          this.say(`${name} lets the offer of ${offer.order_number} run out`);
        }
      }
    };

    /** Sends the positions passed since the last batch, and looks at the phone; false when stopping. */
    const send = async (points: Point[]) => {
      if (points.length === 0) return true;
      const now = Date.now();
      const span = this.options.locationInterval * 1000;
      const stamped = points.map((p, i) => ({
        lat: Number(p.lat.toFixed(6)),
        lng: Number(p.lng.toFixed(6)),
        recorded_at: new Date(now - span + ((i + 1) * span) / points.length - 50).toISOString(),
      }));
      for (const batch of batches(stamped, 100)) {
        const reply = await driver.call('POST', '/api/driver/locations', { points: batch });
        if (reply.status === 200) this.stats.locations += batch.length;
        else if (reply.status === 422 || reply.status === 409) await start();
      }
      position = points.at(-1) ?? position;
      await answerOffers();
      return true;
    };
    /** Drives to `to`, a batch every interval; resolves false if stopped on the way. */
    const driveTo = async (to: Point) => {
      const path = drivePath(waypoints(position, to), speed, this.random);
      const perTick = Math.max(1, Math.round(this.options.locationInterval / this.options.pace));
      for (let i = 0; i < path.length; i += perTick) {
        if (!(await this.wait(this.options.locationInterval * 1000))) return false;
        await send(path.slice(i, i + perTick));
      }
      return true;
    };
    /** Stays put (a few metres of GPS noise) for `ms`. */
    const stay = async (ms: number) => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        if (!(await this.wait(Math.min(end - Date.now(), this.options.locationInterval * 1000))))
          return false;
        await send([jitter(position, 3, this.random)]);
      }
      return true;
    };
    /** The driver's own orders not finished yet (the list also holds orders waiting for anyone). */
    const orders = async () => {
      const list = (await driver.ok<{ data: OrderItem[] }>('GET', '/api/driver/orders')).data;
      carrying = list.filter((o) => o.driver?.id === me).length;
      return list;
    };
    const mineOf = (list: OrderItem[]) => list.filter((o) => o.driver?.id === me);
    const status = (order: OrderItem, next: string, reason?: string) =>
      driver.call('POST', `/api/driver/orders/${order.id}/status`, {
        status: next,
        ...(reason ? { reason } : {}),
      });
    /** Where an order goes: as placed here or read from the order, else a street, kept once chosen. */
    const destinationOf = (order: OrderItem) => {
      let point = this.destinations.get(order.id);
      if (!point) {
        point =
          order.lat !== undefined && order.lng !== undefined
            ? { lat: order.lat, lng: order.lng }
            : jitter(this.pick(STREETS), 300, this.random);
        this.destinations.set(order.id, point);
      }
      return point;
    };

    while (!this.stopping) {
      if (Date.now() > shiftEnds && this.endShiftAvailable !== false) {
        const reply = await driver.call<{ error?: string }>('POST', '/api/driver/end-shift', {
          declared_amount: cash,
        });
        if (reply.status === 404) {
          if (this.endShiftAvailable === null)
            this.say('the end-of-shift endpoint is not there yet: drivers stay on shift');
          this.endShiftAvailable = false;
        } else if (reply.status < 300) {
          this.endShiftAvailable = true;
          this.say(`${name} asked to end the shift with ${(cash / 100).toFixed(2)} KM in cash`);
          cash = 0;
          if (!(await this.wait(this.paced(60, 180)))) break;
          await start();
          continue;
        } else if (reply.body?.error === 'not_on_shift') {
          // The office collected the cash and closed the shift: the next one starts.
          await start();
          continue;
        }
        // Still carrying, or the office has not collected yet: a little longer, and the app is told.
        shiftEnds = Date.now() + this.paced(5 * 60, 10 * 60);
        await planEnd();
      }

      await answerOffers();
      const list = await orders();
      const mine = mineOf(list);
      if (mine.length === 0) {
        // Orders come assigned by the dispatcher or offered by the automatic mode; where the operation
        // opened the pool, a free driver also takes a waiting order from it now and then.
        const pool =
          this.random() < 0.6
            ? await driver.call<{ data: { items: { order_id: number }[] } }>('GET', '/api/driver/pool')
            : null;
        const candidate = pool?.status === 200 ? pool.body.data.items[0] : undefined;
        if (candidate) {
          const reply = await driver.call<{ data: OrderItem }>(
            'POST',
            `/api/driver/orders/${candidate.order_id}/accept`,
          );
          if (reply.status === 200) {
            destinationOf(reply.body.data);
            this.say(`${name} accepted ${reply.body.data.order_number}`);
            continue;
          }
        }
        if (this.random() < 0.04) {
          // A break, now and then, while nothing is assigned.
          const reply = await driver.call('POST', '/api/driver/breaks/start');
          if (reply.status === 200) {
            this.onBreak.add(driver);
            this.say(`${name} is on a break`);
            await stay(this.paced(40, 150));
            const ended = await driver.call('POST', '/api/driver/breaks/end');
            this.onBreak.delete(driver);
            if (ended.status === 200) this.say(`${name} is back from the break`);
          }
          continue;
        }
        // Cruise towards a busy street.
        const target = jitter(this.pick(STREETS), 200, this.random);
        const step = drivePath(waypoints(position, target), speed, this.random).slice(
          0,
          Math.max(1, Math.round((this.options.locationInterval * 2) / this.options.pace)),
        );
        if (!(await this.wait(this.options.locationInterval * 1000))) break;
        await send(step);
        continue;
      }

      // Pickups first: to the restaurant, and every order of the driver there as its food comes ready
      // (one accepted on the way or at the pass too); then the drop-offs, nearest first.
      const pickup = mine.find((o) => o.status === 'preparing_order' || o.status === 'ready_for_pickup');
      if (pickup) {
        const restaurantId = pickup.restaurant.id;
        const restaurant = this.restaurants.get(restaurantId)?.point ?? jitter(SARAJEVO, 800, this.random);
        if (!(await driveTo(jitter(restaurant, 10, this.random)))) break;
        while (!this.stopping) {
          const here = mineOf(await orders()).filter(
            (o) =>
              o.restaurant.id === restaurantId &&
              (o.status === 'preparing_order' || o.status === 'ready_for_pickup'),
          );
          for (const order of here.filter((o) => o.status === 'ready_for_pickup')) {
            const reply = await status(order, 'in_delivery');
            if (reply.status === 200) this.say(`${name} picked up ${order.order_number}`);
          }
          if (!here.some((o) => o.status === 'preparing_order')) break;
          if (!(await stay(this.options.locationInterval * 1000))) break;
        }
        continue;
      }
      const onBoard = mine.filter((o) => o.status === 'in_delivery' || o.status === 'no_answer');
      const order = onBoard.sort(
        (a, b) => distanceMeters(position, destinationOf(a)) - distanceMeters(position, destinationOf(b)),
      )[0];
      if (!order) {
        // Assigned before the kitchen accepted it: wait where they are.
        if (!(await stay(this.options.locationInterval * 1000))) break;
        continue;
      }
      if (order.status === 'no_answer') await status(order, 'in_delivery');
      if (!(await driveTo(destinationOf(order)))) break;
      if (this.random() < 0.12) {
        await status(order, 'no_answer');
        this.say(`${name}: nobody answers at ${order.order_number}, waiting`);
        if (!(await stay(this.paced(15, 45)))) break;
        await status(order, 'in_delivery');
      }
      const reply = await this.deliver(driver, order, position, name);
      if (reply.status === 200) {
        this.stats.delivered += 1;
        if (order.payment_method === 'cash') cash += order.total;
        this.say(`${name} delivered ${order.order_number}`);
        // A few deliveries go wrong; cash refunded at the door leaves the driver's cash.
        if (this.random() < this.options.incidents) cash -= await this.incident(driver, order, name);
      } else this.say(`${name} could not mark ${order.order_number} delivered: ${reply.status}`);
      this.destinations.delete(order.id);
      this.trackingTokens.delete(order.id);
    }
  }
}
