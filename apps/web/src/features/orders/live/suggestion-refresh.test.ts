import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { movesSuggestions, SUGGESTIONS_REFRESH_MS, SuggestionRefresher } from './suggestion-refresh';

describe('SuggestionRefresher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers a burst of order and driver events with one refetch at the end of the window', () => {
    const refetch = vi.fn();
    const refresher = new SuggestionRefresher(refetch);
    for (let i = 0; i < 50; i++) refresher.event({ type: 'order.updated', data: { order_id: i } });
    refresher.event({ type: 'driver.updated', data: { driver_id: 3, shift_state: 'available' } });
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SUGGESTIONS_REFRESH_MS);
    expect(refetch).toHaveBeenCalledTimes(1);
    // The next change opens the next window.
    refresher.event({ type: 'dispatch.settings', data: {} });
    vi.advanceTimersByTime(SUGGESTIONS_REFRESH_MS);
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('ignores location pings and what has nothing to do with dispatch', () => {
    const refetch = vi.fn();
    const refresher = new SuggestionRefresher(refetch);
    refresher.event({ type: 'driver.updated', data: { driver_id: 3, location: { lat: 1, lng: 2 } } });
    refresher.event({
      type: 'product.snooze',
      data: { id: 1, restaurant_id: 1, snoozed: true, snoozed_until: null },
    });
    vi.advanceTimersByTime(SUGGESTIONS_REFRESH_MS * 2);
    expect(refetch).not.toHaveBeenCalled();
    expect(movesSuggestions({ type: 'order.created', data: {} })).toBe(true);
  });

  it('refetches at once after a resync, and not again for the window it cancelled', () => {
    const refetch = vi.fn();
    const refresher = new SuggestionRefresher(refetch);
    refresher.event({ type: 'order.updated', data: {} });
    refresher.now();
    vi.advanceTimersByTime(SUGGESTIONS_REFRESH_MS);
    expect(refetch).toHaveBeenCalledTimes(1);
    refresher.event({ type: 'order.updated', data: {} });
    refresher.stop();
    vi.advanceTimersByTime(SUGGESTIONS_REFRESH_MS);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
