import { hourOfWeek } from '@dostava/shared';
import { Account, Http } from './client.js';
import { drivePath, jitter, type Point, type Random, SARAJEVO, STREETS, waypoints } from './geo.js';
import {
  batches,
  between,
  kitchenSlowdown,
  nextArrivalMs,
  type SimulatorOptions,
  SPEEDS,
} from './schedule.js';

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
  private endShiftAvailable: boolean | null = null;
  private readonly onBreak = new Set<Account>();
  private readonly stats = {
    orders: 0,
    delivered: 0,
    locations: 0,
    offersAccepted: 0,
    offersDeclined: 0,
    offersIgnored: 0,
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

  /** Waits `ms`, or less when the simulation stops. Resolves true if it is still running. */
  private wait(ms: number): Promise<boolean> {
    if (this.stopping) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve(!this.stopping);
      };
      const timer = setTimeout(done, Math.max(0, ms));
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
      `stopped: ${this.stats.orders} orders placed, ${this.stats.delivered} delivered, ${this.stats.locations} locations sent; offers ${this.stats.offersAccepted} accepted, ${this.stats.offersDeclined} declined, ${this.stats.offersIgnored} left to expire`,
    );
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
    const street = this.pick(STREETS);
    const point = jitter(street, 350, this.random);
    const reply = await customer.call<{ data: OrderItem }>('POST', '/api/orders', {
      restaurant_id: restaurantId,
      items: [...chosen].map(([product_id, quantity]) => ({ product_id, quantity })),
      address: `${street.name} ${1 + Math.floor(this.random() * 120)}`,
      phone: `+387 6${1 + Math.floor(this.random() * 3)} ${100 + Math.floor(this.random() * 900)} ${100 + Math.floor(this.random() * 900)}`,
      lat: Number(point.lat.toFixed(6)),
      lng: Number(point.lng.toFixed(6)),
      payment: this.random() < 0.55 ? 'cash' : 'card',
      ...(this.random() < 0.2 ? { note: 'Molim bez luka' } : {}),
    });
    if (reply.status !== 201) {
      this.log(`[simulate] order at restaurant ${restaurantId} refused: ${reply.status}`);
      return;
    }
    this.stats.orders += 1;
    this.destinations.set(reply.body.data.id, point);
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

  // Drivers --------------------------------------------------------------------------------------------

  private async driverLoop(driver: Account, name: string) {
    await driver.signIn();
    const me = driver.user?.id;
    const speed = SPEEDS[this.pick(['bike', 'scooter', 'car'] as const)];
    let position = jitter(this.pick(STREETS), 300, this.random);
    let cash = 0;
    const start = async () => {
      const reply = await driver.call('POST', '/api/driver/shift/start');
      if (reply.status === 200) this.say(`${name} started a shift`);
      return Date.now() + this.paced(15 * 60, 30 * 60);
    };
    let shiftEnds = await start();

    /** Sends the positions passed since the last batch; false when stopping. */
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
        else if (reply.status === 422 || reply.status === 409) shiftEnds = await start();
      }
      position = points.at(-1) ?? position;
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
    const orders = async () => (await driver.ok<{ data: OrderItem[] }>('GET', '/api/driver/orders')).data;
    /**
     * Answers the automatic dispatch's offers: accept (the configured share), decline, or let it run out;
     * each offer once. Returns the order accepted, if any.
     */
    const answered = new Set<number>();
    const answerOffers = async (): Promise<OrderItem | undefined> => {
      const reply = await driver.call<{
        data: { items: { id: number; order_id: number; order_number: string }[] };
      }>('GET', '/api/driver/offers');
      if (reply.status !== 200) return undefined;
      for (const offer of reply.body.data.items) {
        if (answered.has(offer.id)) continue;
        answered.add(offer.id);
        const roll = this.random();
        if (roll < this.options.accept) {
          const accepted = await driver.call<{ data: OrderItem }>(
            'POST',
            `/api/driver/orders/${offer.order_id}/accept`,
          );
          if (accepted.status === 200) {
            this.stats.offersAccepted += 1;
            this.say(`${name} accepted the offer of ${offer.order_number}`);
            return accepted.body.data;
          }
        } else if (roll < this.options.accept + (1 - this.options.accept) / 2) {
          const declined = await driver.call('POST', `/api/driver/orders/${offer.order_id}/decline`);
          if (declined.status === 204) {
            this.stats.offersDeclined += 1;
            this.say(`${name} declined the offer of ${offer.order_number}`);
          }
        } else {
          this.stats.offersIgnored += 1;
          this.say(`${name} lets the offer of ${offer.order_number} run out`);
        }
      }
      return undefined;
    };
    const status = (order: OrderItem, next: string, reason?: string) =>
      driver.call('POST', `/api/driver/orders/${order.id}/status`, {
        status: next,
        ...(reason ? { reason } : {}),
      });

    while (!this.stopping) {
      if (Date.now() > shiftEnds && this.endShiftAvailable !== false) {
        const reply = await driver.call('POST', '/api/driver/end-shift', { declared_amount: cash });
        if (reply.status === 404) {
          if (this.endShiftAvailable === null)
            this.say('the end-of-shift endpoint is not there yet: drivers stay on shift');
          this.endShiftAvailable = false;
        } else if (reply.status < 300) {
          this.endShiftAvailable = true;
          this.say(`${name} asked to end the shift with ${(cash / 100).toFixed(2)} KM in cash`);
          cash = 0;
          if (!(await this.wait(this.paced(60, 180)))) break;
          shiftEnds = await start();
          continue;
        }
        shiftEnds = Date.now() + this.paced(5 * 60, 10 * 60);
      }

      const offered = await answerOffers();
      if (
        offered &&
        !this.destinations.has(offered.id) &&
        offered.lat !== undefined &&
        offered.lng !== undefined
      )
        this.destinations.set(offered.id, { lat: offered.lat, lng: offered.lng });
      const list = await orders();
      let order = list.find((o) => o.driver?.id === me);
      if (!order) {
        // An order of the automatic mode comes as an offer; the others a driver takes by themself.
        const waiting = list
          .filter((o) => !o.driver && o.dispatch_mode !== 'automatic')
          .sort((a, b) => Number(b.status === 'ready_for_pickup') - Number(a.status === 'ready_for_pickup'));
        const candidate = waiting[0];
        if (candidate && this.random() < 0.6) {
          const reply = await driver.call<{ data: OrderItem }>(
            'POST',
            `/api/driver/orders/${candidate.id}/accept`,
          );
          if (reply.status === 200) {
            order = reply.body.data;
            if (order.lat !== undefined && order.lng !== undefined && !this.destinations.has(order.id))
              this.destinations.set(order.id, { lat: order.lat, lng: order.lng });
            this.say(`${name} accepted ${order.order_number}`);
          }
        }
      }
      if (!order) {
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

      // To the restaurant, wait for the food, then to the customer.
      if (order.status === 'preparing_order' || order.status === 'ready_for_pickup') {
        const restaurant =
          this.restaurants.get(order.restaurant.id)?.point ?? jitter(SARAJEVO, 800, this.random);
        if (!(await driveTo(jitter(restaurant, 10, this.random)))) break;
        let current: OrderItem | undefined = order;
        while (current && current.status === 'preparing_order' && !this.stopping) {
          await stay(this.options.locationInterval * 1000);
          current = (await orders()).find((o) => o.id === order?.id && o.driver?.id === me);
        }
        if (current?.status !== 'ready_for_pickup') continue;
        const reply = await status(current, 'in_delivery');
        if (reply.status !== 200) continue;
        this.say(`${name} picked up ${order.order_number}`);
        order = { ...current, status: 'in_delivery' };
      }
      if (order.status === 'no_answer') {
        await status(order, 'in_delivery');
        order = { ...order, status: 'in_delivery' };
      }
      if (order.status === 'in_delivery') {
        const destination = this.destinations.get(order.id) ?? jitter(this.pick(STREETS), 300, this.random);
        if (!(await driveTo(destination))) break;
        if (this.random() < 0.12) {
          await status(order, 'no_answer');
          this.say(`${name}: nobody answers at ${order.order_number}, waiting`);
          if (!(await stay(this.paced(15, 45)))) break;
          await status(order, 'in_delivery');
        }
        const reply = await status(order, 'delivered');
        if (reply.status === 200) {
          this.stats.delivered += 1;
          if (order.payment_method === 'cash') cash += order.total;
          this.say(`${name} delivered ${order.order_number}`);
        }
        this.destinations.delete(order.id);
      } else if (!(await this.wait(this.options.locationInterval * 1000))) break;
    }
  }
}
