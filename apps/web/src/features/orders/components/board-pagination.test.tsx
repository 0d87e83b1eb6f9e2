import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoardPagination } from './board-pagination';

vi.mock('react-i18next', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useTranslation: () => ({ t: (key: string) => key }),
}));

afterEach(cleanup);

describe('BoardPagination', () => {
  it('offers no page while the total is the previous lane’s (its "last page" would pass the new lane’s end)', () => {
    const setParams = vi.fn();
    render(<BoardPagination total={132} stale page={1} perPage={25} setParams={setParams} />);
    expect(screen.queryByRole('button', { name: 'orders.page_last' })).toBeNull();
    expect(setParams).not.toHaveBeenCalled();
  });

  it('moves a page the lane no longer reaches to its last page', () => {
    const setParams = vi.fn();
    render(<BoardPagination total={111} stale={false} page={6} perPage={25} setParams={setParams} />);
    expect(setParams).toHaveBeenCalledWith({ page: 5 });
  });

  it('pages the lane it shows', () => {
    const setParams = vi.fn();
    render(<BoardPagination total={111} stale={false} page={1} perPage={25} setParams={setParams} />);
    screen.getByRole('button', { name: 'orders.page_last' }).click();
    expect(setParams).toHaveBeenCalledWith({ page: 5 });
  });
});
