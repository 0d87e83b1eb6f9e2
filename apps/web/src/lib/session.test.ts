import type { CurrentUser } from '@dostava/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, setUser, startSession, subscribeSession } from './session';

const user: CurrentUser = {
  id: 1,
  first_name: 'Ana',
  last_name: 'Admin',
  email: 'admin@example.com',
  role: 'admin',
  restaurant_id: null,
  image: null,
};

afterEach(() => clearSession());

describe('setUser', () => {
  it('changes nothing for the same user again (each page load revalidates it), and tells of a change', () => {
    startSession({ access_token: 'a', refresh_token: 'r' }, user);
    const before = getSession();
    const listener = vi.fn();
    const stop = subscribeSession(listener);
    setUser({ ...user });
    // Same snapshot: no screen that reads the session renders again.
    expect(listener).not.toHaveBeenCalled();
    expect(getSession()).toBe(before);
    setUser({ ...user, first_name: 'Anita' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getSession().user?.first_name).toBe('Anita');
    stop();
  });
});
