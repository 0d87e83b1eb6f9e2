import type { TrackingView } from '@dostava/shared';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderTracking } from '../tracking-ssr';
import { TrackingApp, type TrackingInitial } from './tracking-app';

/**
 * The tracking page's server render (what the API puts into /t/<token>) and the browser taking it
 * over: the same tree, so nothing is painted twice, and every text escaped.
 */
const evil = '</script><img src=x onerror="window.__xss=1"><!--';
const view: TrackingView = {
  order_number: 'D123456',
  restaurant: { name: `Ćevabdžinica ${evil}` },
  street: 'Ferhadija',
  status: 'in_delivery',
  timeline: [
    { status: 'created', at: '2026-11-28T16:05:00.000Z' },
    { status: 'preparing_order', at: '2026-11-28T16:07:00.000Z' },
    { status: 'in_delivery', at: '2026-11-28T16:30:00.000Z' },
  ],
  promised_at: '2026-11-28T16:50:00.000Z',
  predicted_delivery_at: '2026-11-28T17:05:00.000Z',
  risk_reason: 'kitchen_slow',
  delivered_at: null,
  delivery_pin: null,
  driver: {
    first_name: 'Amir',
    vehicle_type: 'scooter',
    stops_before: 0,
    position: { lat: 43.85, lng: 18.41, at: '2026-11-28T16:40:00.000Z' },
  },
  rating: null,
  can_rate: false,
  expires_at: null,
};
const initial: TrackingInitial = { lang: 'en', time_zone: 'Europe/Sarajevo', view };

// React's act() outside Testing Library's render.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the tracking page rendered by the server', () => {
  it('has the heading, restaurant, status and the ETA in the operation’s time zone, every text escaped', () => {
    const html = renderTracking(initial);
    const root = document.createElement('div');
    root.innerHTML = html;
    expect(root.querySelector('h1')?.textContent).toBe('Your order');
    expect(root.textContent).toContain('Order D123456');
    expect(root.textContent).toContain('On the way');
    // 17:05 UTC is 18:05 in Sarajevo, whatever the machine's zone.
    expect(root.querySelector('.eta')?.textContent).toBe('18:05');
    expect(root.textContent).toContain(evil);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('</script>');
    expect(root.querySelector('img')).toBeNull();
    // The map's place only: Leaflet runs in the browser.
    expect(root.querySelector('.map')).not.toBeNull();
    expect(root.querySelector('.leaflet-container')).toBeNull();
  });

  it('is taken over by the browser without a mismatch, keeping its nodes, and polls only after two seconds', async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    const container = document.createElement('div');
    container.innerHTML = renderTracking(initial);
    document.body.append(container);
    const heading = container.querySelector('h1');
    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <TrackingApp initial={initial} />, {
        onRecoverableError: (error) => errors.push(error),
      }),
    );
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')).toBe(heading);
    expect(fetch).not.toHaveBeenCalledWith(expect.stringContaining('/api/tracking/'), expect.anything());
    // Once hydrated, the map's place takes the map (its module loaded here, inside act).
    await act(async () => {
      await import('./driver-map');
    });
    expect(container.querySelector('.map')).not.toBeNull();
    act(() => root.unmount());
  });

  it('renders the friendly page for a link that is over', () => {
    const root = document.createElement('div');
    root.innerHTML = renderTracking({ lang: 'bs', time_zone: 'Europe/Sarajevo', view: null });
    expect(root.querySelector('h1')?.textContent).toBe('Ovaj link za praćenje ne radi');
  });
});
