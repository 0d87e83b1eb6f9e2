import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamState } from '../../../lib/event-stream';
import { LAG_MS } from '../live/lag';
import { LiveStatus } from './live-status';

// The key and its values, so the test reads which text the mark chose.
vi.mock('react-i18next', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useTranslation: () => ({
    t: (key: string, values?: object) => (values ? `${key} ${JSON.stringify(values)}` : key),
  }),
}));

const NOW = Date.parse('2026-03-01T18:00:00Z');
const live: StreamState = { status: 'connected', lastEventAt: NOW };
const mark = () => screen.getByRole('status').textContent;

beforeEach(() => vi.useFakeTimers({ now: NOW }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('LiveStatus on the board', () => {
  it('says "Live" while every change has been read, however old the last read', () => {
    render(<LiveStatus stream={live} updatedAt={NOW - 25_000} changedSince={null} />);
    expect(mark()).toBe('orders.live');
    cleanup();
    render(<LiveStatus stream={live} updatedAt={NOW - 25_000} changedSince={NOW - 3_000} />);
    expect(mark()).toBe('orders.live');
  });

  it('says how far behind it is when a change has waited longer than the threshold for its read', () => {
    render(<LiveStatus stream={live} updatedAt={NOW - 40_000} changedSince={NOW - LAG_MS - 12_000} />);
    expect(mark()).toBe('orders.behind {"seconds":32}');
  });

  it('is not "Live" when its reads stop landing (the storm the report saw: "Live · updated 132 s ago")', () => {
    render(<LiveStatus stream={live} updatedAt={NOW - 132_000} changedSince={NOW - 130_000} />);
    expect(mark()).toBe('orders.behind {"seconds":130}');
  });

  it('keeps "updated … ago" for a screen without lag (an order’s details)', () => {
    render(<LiveStatus stream={live} updatedAt={NOW - 132_000} />);
    expect(mark()).toBe('orders.liveorders.updated_ago {"seconds":132}');
  });
});
