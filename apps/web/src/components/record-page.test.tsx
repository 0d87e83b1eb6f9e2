import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http';
import { changeLanguage } from '../lib/i18n';
import { RecordPage, type RecordQuery } from './record-page';

beforeAll(() => changeLanguage('en'));
afterEach(cleanup);

const query = (state: Partial<RecordQuery<{ name: string }>>): RecordQuery<{ name: string }> => ({
  data: undefined,
  error: null,
  refetch: vi.fn(),
  ...state,
});

function show(state: Partial<RecordQuery<{ name: string }>>, id = 7, forbiddenMessage?: string) {
  const q = query(state);
  render(
    <RecordPage query={q} id={id} forbiddenMessage={forbiddenMessage}>
      {(record) => <p>Record {record.name}</p>}
    </RecordPage>,
  );
  return q;
}

describe('RecordPage', () => {
  it('shows a busy skeleton while the record loads', () => {
    show({});
    const status = screen.getByRole('status', { name: 'Loading…' });
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText(/Record/)).toBeNull();
  });

  it('shows the content with the record', () => {
    show({ data: { name: 'Pizza' } });
    expect(screen.getByText('Record Pizza')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says "Not found" without a retry for a 404 and for an impossible id', () => {
    show({ error: new ApiError('Not found', 404, 'not_found') });
    expect(screen.getByRole('alert').textContent).toBe('Not found');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    cleanup();

    const q = show({}, Number.NaN);
    expect(screen.getByRole('alert').textContent).toBe('Not found');
    expect(q.refetch).not.toHaveBeenCalled();
  });

  it('offers a retry for any other failure, which refetches', () => {
    const q = show({ error: new ApiError('Unavailable', 503, 'unavailable') });
    expect(screen.getByRole('alert').textContent).toContain('Could not load the data.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the forbidden message without a retry for a 403 when the page gives one', () => {
    show({ error: new ApiError('Forbidden', 403, 'forbidden') }, 7, 'Not one of yours');
    expect(screen.getByRole('alert').textContent).toBe('Not one of yours');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
