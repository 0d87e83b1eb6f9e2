import * as shared from '@dostava/shared';
import { dashboardSchema, listResponse, orderListItemSchema, orderSchema } from '@dostava/shared';
import { ResponseSerializationError, serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './serializer.js';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/api/x', httpStatus: '200' }) as never;
const serializer = (schema: unknown, validate: boolean, onFallback?: () => void) =>
  responseSerializer({ validate, ...(onFallback ? { onFallback } : {}) })(route(schema));
const zodWrites = (schema: unknown, data: unknown) => zodSerializer(route(schema))(data);

const person = { id: 4, first_name: 'Ana', last_name: 'Anić' };
const listItem = {
  id: 12,
  order_number: 'D-000012',
  status: 'delivered',
  restaurant: { id: 3, name: 'Ćevabdžinica "Željo"' },
  buyer: person,
  driver: null,
  quantity: 2,
  payment_method: 'cash',
  restaurant_amount: 1500,
  delivery_costs: 300,
  restaurant_total_amount: 1500,
  total: 1800,
  address: 'Ferhadija 1\nSarajevo',
  created_at: '2026-11-20T10:00:00.000Z',
  status_changed_at: '2026-11-20T10:40:00.000Z',
  driver_request_time: null,
  delivered_at: '2026-11-20T10:40:00.000Z',
  delivered_time: 40,
  estimated_delivery_minutes: 35,
  promised_at: '2026-11-20T10:45:00.000Z',
  predicted_delivery_at: '2026-11-20T10:41:00.000Z',
  risk_reason: null,
  dispatch_mode: 'automatic',
  dispatch_locked: false,
  dispatch_problem: null,
  offer: { driver: { id: 7, name: 'Adnan Hadžić' }, expires_at: '2026-11-20T10:21:00.000Z' },
  version: 3,
  zone_id: 2,
};
const order = {
  ...listItem,
  items: [{ product_id: 9, name: 'Ćevapi', unit_price: 750, quantity: 2, amount: 1500 }],
  lat: 43.8563,
  lng: 18.4131,
  note: null,
  commission: 150,
  customer_phone: '+387 61 000 000',
  driver_phone: null,
  dispatch: {
    mode: 'automatic',
    locked: false,
    problem: null,
    offers: [
      {
        id: 1,
        driver: { id: 7, name: 'Adnan Hadžić' },
        status: 'pending',
        reasons: {
          state: 'free',
          distance_km: 0.8,
          location_minutes: 0,
          arrival_at: '2026-11-20T10:23:00.000Z',
          food_ready_at: '2026-11-20T10:25:00.000Z',
          predicted_delivery_at: '2026-11-20T10:41:00.000Z',
          load: 0,
          late_minutes: 0,
          batched_with: null,
        },
        created_at: '2026-11-20T10:20:15.000Z',
        expires_at: '2026-11-20T10:21:00.000Z',
        decided_at: null,
      },
    ],
  },
  eta: {
    promised_at: '2026-11-20T10:45:00.000Z',
    predicted_pickup_at: '2026-11-20T10:25:00.000Z',
    predicted_delivery_at: '2026-11-20T10:41:00.000Z',
    risk_reason: null,
    history: [
      {
        promised_at: '2026-11-20T10:45:00.000Z',
        predicted_pickup_at: '2026-11-20T10:25:00.000Z',
        predicted_delivery_at: '2026-11-20T10:52:00.000Z',
        risk_reason: 'kitchen_slow',
        created_at: '2026-11-20T10:00:00.000Z',
      },
    ],
  },
  history: [
    {
      from_status: null,
      to_status: 'created',
      reason: null,
      actor: null,
      created_at: '2026-11-20T10:00:00.000Z',
    },
    {
      from_status: 'created',
      to_status: 'delivered',
      reason: 'ok',
      actor: { id: 1, name: 'Admin Admin', role: 'admin' },
      created_at: '2026-11-20T10:40:00.000Z',
    },
  ],
};

describe('response serializer', () => {
  it('writes what the zod serializer wrote, byte for byte, with and without the zod check', () => {
    const cases: [unknown, unknown][] = [
      [z.object({ data: orderSchema }), { data: order }],
      [
        listResponse(orderListItemSchema),
        { data: [listItem, listItem], meta: { page: 1, per_page: 20, total: 2 } },
      ],
    ];
    for (const [schema, data] of cases) {
      const expected = zodWrites(schema, data);
      expect(serializer(schema, false)(data)).toBe(expected);
      expect(serializer(schema, true)(data)).toBe(expected);
    }
  });

  it('writes only the properties the schema names: an extra field of a service never leaks', () => {
    const schema = z.object({ data: z.object({ id: z.number().int(), name: z.string() }) });
    const data = { data: { id: 1, name: 'Ana', password_hash: '$argon2id$secret' }, debug: true };
    for (const validate of [false, true]) {
      const text = serializer(schema, validate)(data);
      expect(JSON.parse(text)).toEqual({ data: { id: 1, name: 'Ana' } });
      expect(text).not.toContain('argon2');
    }
  });

  it('refuses an answer that breaks its contract when it validates (tests, development)', () => {
    const schema = z.object({ data: z.object({ status: z.enum(['new', 'delivered']) }) });
    expect(() => serializer(schema, true)({ data: { status: 'lost' } })).toThrow(ResponseSerializationError);
    // In production the contract is not checked per request; a required field is still required.
    expect(() => serializer(schema, false)({ data: {} })).toThrow();
  });

  it('keeps the zod serializer for a schema JSON Schema cannot express, and says so', () => {
    const schema = z.object({ at: z.date() });
    const fallback = vi.fn();
    const write = serializer(schema, false, fallback);
    expect(write({ at: new Date('2026-11-20T10:00:00Z') })).toBe('{"at":"2026-11-20T10:00:00.000Z"}');
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it('compiles every response schema the shared package exports to the fast path', () => {
    // The input schemas (queries and bodies) carry transforms; they are never answers.
    const answers = Object.entries(shared).filter(
      ([name, value]) => value instanceof z.ZodType && !/(Query|Body)$/.test(name),
    );
    expect(answers.length).toBeGreaterThan(40);
    for (const [name, schema] of answers) {
      const fallback = vi.fn();
      const write = serializer(schema, false, fallback);
      // Compiled on first use: any value will do to make it compile.
      try {
        write(undefined);
      } catch {}
      expect(fallback, name).not.toHaveBeenCalled();
    }
  });

  it('serializes the month dashboard as zod did', () => {
    const schema = z.object({ data: dashboardSchema });
    const data = {
      data: {
        period: { name: 'this_month', from: '2026-11-01', to: '2026-11-30', granularity: 'day' },
        counters: { orders_today: 1, orders_this_week: 2, orders_this_month: 3 },
        totals: { orders: 3, delivered: 2, earnings: 100, revenue: 1000 },
        series: [{ bucket: '2026-11-01', orders: 3 }],
        top_categories: [{ id: 1, name: 'Roštilj', quantity: 2, amount: 1500 }],
        top_products: [{ id: 9, name: 'Ćevapi', restaurant: 'Željo', quantity: 2, amount: 1500 }],
        on_time: { promised: 2, on_time: 1, late: 1, rate: 0.5 },
        on_time_restaurants: {
          restaurants: 1,
          best: [{ id: 3, name: 'Željo', promised: 2, on_time: 1, rate: 0.5 }],
          worst: [],
        },
        lateness: {
          late_orders: 1,
          average_minutes: 12.5,
          stages: [
            { stage: 'kitchen', average_minutes: 10 },
            { stage: 'driver', average_minutes: 2.5 },
            { stage: 'road', average_minutes: 0 },
          ],
        },
        drivers_by_vehicle: [{ type: 'bike', drivers: 2 }],
        heatmap: [{ weekday: 1, hour: 12, orders: 3 }],
        zones: [
          {
            id: 2,
            name: 'Ilidža',
            orders: 4,
            delivered: 3,
            delivery_fees: 1200,
            promised: 3,
            on_time: 2,
            rate: 2 / 3,
            refused: 1,
          },
          {
            id: null,
            name: null,
            orders: 0,
            delivered: 0,
            delivery_fees: 0,
            promised: 0,
            on_time: 0,
            rate: null,
            refused: 5,
          },
        ],
      },
    };
    expect(serializer(schema, false)(data)).toBe(zodWrites(schema, data));
  });
});
