import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changePasswordBody } from './auth.js';
import { categoryBody } from './categories.js';
import { bs } from './i18n/bs.js';
import { en } from './i18n/en.js';
import { pickLanguage, translate } from './i18n/index.js';
import * as shared from './index.js';
import { orderCreateBody, orderItemInput } from './orders.js';
import { restaurantBody } from './restaurants.js';
import { can } from './roles.js';

function leaves(node: object, prefix = ''): [string, string][] {
  return Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}

describe('catalogues', () => {
  it('bs has every en key, non-empty, with the same interpolation parameters', () => {
    const enLeaves = new Map(leaves(en));
    const bsLeaves = new Map(leaves(bs));
    expect([...bsLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
    for (const [key, text] of enLeaves) {
      const params = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(bsLeaves.get(key)?.trim(), key).toBeTruthy();
      expect(params(bsLeaves.get(key) ?? ''), key).toEqual(params(text));
    }
  });

  it('says "delivered" with one word: dostaviti, never isporučiti (en: deliver, never ship)', () => {
    const words = (catalogue: object) => leaves(catalogue).map(([key, text]) => `${key}: ${text}`);
    expect(words(bs).filter((line) => /isporu[čc]/i.test(line))).toEqual([]);
    expect(words(en).filter((line) => /\bship(ped)?\b/i.test(line))).toEqual([]);
    // The order's status and the button that sets it read the same.
    expect(bs.orders.actions.delivered).toBe(bs.order_status.delivered);
  });

  it('keeps the seed messages word for word', () => {
    expect(en.validation.phone).toBe('Please eneter valid format of phone number.');
    expect(en.errors.not_admin).toBe('You need to be admin to login.');
    expect(en.errors.refresh_failed).toBe('Failed to refresh token. Please log in again!');
  });

  it('translates keys with parameters and picks the language', () => {
    expect(translate('en', 'validation.max_length|{"max":120}')).toBe('Must be at most 120 characters');
    expect(translate('bs', 'validation.required')).toBe('Ovo polje je obavezno');
    expect(pickLanguage(undefined)).toBe('bs');
    expect(pickLanguage('de-DE,en;q=0.5')).toBe('en');
    expect(pickLanguage('fr')).toBe('bs');
  });
});

describe('permissions', () => {
  it('confines restaurant roles to their own restaurant', () => {
    const manager = { role: 'restaurant_manager' as const, restaurant_id: 3 };
    expect(can(manager, 'restaurants.update', 3)).toBe(true);
    expect(can(manager, 'restaurants.update', 4)).toBe(false);
    expect(can(manager, 'restaurants.delete', 3)).toBe(false);
    expect(can({ role: 'restaurant_employee', restaurant_id: 3 }, 'restaurants.update', 3)).toBe(false);
    expect(can({ role: 'admin', restaurant_id: null }, 'restaurants.delete', 4)).toBe(true);
    expect(can({ role: 'dispatcher', restaurant_id: null }, 'restaurants.read', 4)).toBe(false);
  });
});

describe('schemas', () => {
  it('applies the seed password policy and the confirmation', () => {
    const issues = (body: object) =>
      changePasswordBody.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];
    expect(issues({ current_password: 'x', new_password: 'Abcdef1!', confirm_password: 'Abcdef1!' })).toEqual(
      [],
    );
    expect(
      issues({ current_password: 'x', new_password: 'abcdefg1!', confirm_password: 'abcdefg1!' }),
    ).toEqual(['new_password:validation.password_policy']);
    expect(issues({ current_password: 'x', new_password: 'Abcdef1!', confirm_password: 'Abcdef1?' })).toEqual(
      ['confirm_password:validation.passwords_match'],
    );
  });

  it('gives a password over the maximum its own message', () => {
    const res = changePasswordBody.safeParse({
      current_password: 'x',
      new_password: `Aa1!${'x'.repeat(200)}`,
      confirm_password: `Aa1!${'x'.repeat(200)}`,
    });
    expect(res.error?.issues.map((i) => i.message)).toContain('validation.password_max|{"max":128}');
  });

  it('turns blank optional fields into null and refuses a commission with more than two decimals', () => {
    const base = { name: 'A', address: 'B', phone: '+387 33 123 456', percentage: 10 };
    expect(restaurantBody.parse({ ...base, web_address: '' }).web_address).toBeNull();
    expect(restaurantBody.safeParse({ ...base, percentage: 12.345 }).success).toBe(false);
    expect(restaurantBody.safeParse({ ...base, percentage: 12.35 }).success).toBe(true);
  });

  // Issue 32: "2" and [2] were read as 2. Query strings are text; a body's numbers are JSON numbers.
  it('refuses a body number sent as a string or an array, as it refuses money sent so', () => {
    const restaurant = {
      name: 'A',
      address: 'B',
      phone: '+387 33 123 456',
      percentage: 10,
      lat: 43.8,
      lng: 18.4,
    };
    const order = {
      restaurant_id: 1,
      items: [{ product_id: 1, quantity: 2 }],
      address: 'Titova 7',
      phone: '+387 61 111 222',
      lat: 43.8,
      lng: 18.4,
      payment: 'cash',
    };
    const cases: [z.ZodType, object, string][] = [
      [restaurantBody, restaurant, 'percentage'],
      [restaurantBody, restaurant, 'lat'],
      [restaurantBody, restaurant, 'lng'],
      [categoryBody, { name: 'Pizza', position: 3 }, 'position'],
      [orderItemInput, { product_id: 1, quantity: 2 }, 'quantity'],
      [orderCreateBody, order, 'lat'],
      [orderCreateBody, order, 'lng'],
    ];
    for (const [schema, valid, field] of cases) {
      expect(schema.safeParse(valid).success, field).toBe(true);
      const value = (valid as Record<string, number>)[field];
      for (const wrong of [String(value), [value], true]) {
        const res = schema.safeParse({ ...valid, [field]: wrong });
        expect(res.success, `${field}: ${JSON.stringify(wrong)}`).toBe(false);
        expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
          [field, 'validation.number'],
        ]);
      }
    }
  });
});

describe('partial updates', () => {
  // Every PATCH schema of the package: found by name so that a new one is covered without a list.
  const patchSchemas = Object.entries(shared as Record<string, unknown>).filter(
    (entry): entry is [string, z.ZodType] =>
      /(Patch|Update)Body$/.test(entry[0]) &&
      entry[1] instanceof z.ZodType &&
      entry[0] !== 'updateProfileBody',
  );

  it('finds the patch schemas of every editable resource', () => {
    expect(patchSchemas.map(([name]) => name).sort()).toEqual(
      expect.arrayContaining([
        'categoryPatchBody',
        'productPatchBody',
        'restaurantPatchBody',
        'userUpdateBody',
        'vehiclePatchBody',
      ]),
    );
  });

  it.each(patchSchemas)('%s adds no field the patch did not name (no defaults)', (_name, schema) => {
    expect(schema.parse({})).toEqual({});
  });

  it('keeps the defaults of the create schemas', () => {
    expect(shared.productBody.parse({ name: 'A', price: 100, category_id: 1 }).show_on_menu).toBe(true);
    expect(
      shared.userCreateBody.parse({
        first_name: 'A',
        last_name: 'B',
        email: 'a@example.com',
        role: 'admin',
        password: 'Zr7!kq-Vwp',
      }).is_active,
    ).toBe(true);
  });
});

describe('orders that reached their driver', () => {
  it('are those picked up: in delivery and all that follows it, never cancelled or declined', () => {
    expect([...shared.PICKED_UP_STATUSES].sort()).toEqual([
      'delivered',
      'in_delivery',
      'no_answer',
      'returned',
    ]);
  });
});
