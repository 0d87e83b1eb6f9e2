import type { AuditEntry } from '@dostava/shared';
import { describe, expect, it } from 'vitest';
import { routes } from '../../router';
import { subjectLink } from './subject-link';

const entry = (entity: string, id: string, subject: Partial<AuditEntry['subject']> = {}): AuditEntry => ({
  id: 1,
  actor: null,
  action: 'update',
  entity,
  entity_id: id,
  subject: { name: 'X', exists: true, restaurant_id: null, ...subject },
  before: null,
  after: null,
  ip: null,
  created_at: '2026-11-26T00:00:00.000Z',
});
const admin = { role: 'admin', restaurant_id: null } as const;
const dispatcher = { role: 'dispatcher', restaurant_id: null } as const;

describe('the audit log links its subjects', () => {
  it('to the record’s own page', () => {
    expect(subjectLink(entry('orders', '12596'), admin, routes)).toBe('/orders/12596');
    expect(subjectLink(entry('restaurants', '2'), admin, routes)).toBe('/restaurant/2');
    expect(subjectLink(entry('products', '5', { restaurant_id: 2 }), admin, routes)).toBe(
      '/restaurant/2/edit-product/5',
    );
    expect(subjectLink(entry('end_shift_requests', '3'), admin, routes)).toBe('/end-shift/3');
  });

  it('not when the record is gone, has no page, or the viewer may not open it', () => {
    expect(subjectLink(entry('orders', '1', { exists: false }), admin, routes)).toBeNull();
    expect(subjectLink(entry('app_versions', '1'), admin, routes)).toBeNull();
    expect(subjectLink(entry('categories', '1'), dispatcher, routes)).toBeNull();
    expect(subjectLink(entry('orders', '1'), null, routes)).toBeNull();
  });
});
