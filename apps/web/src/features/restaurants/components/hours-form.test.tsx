import type { Hours, HoursBody } from '@dostava/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, loadI18n } from '../../../lib/i18n';
import { HoursForm } from './hours-form';

vi.mock('../../../lib/toast', () => ({ toasts: { error: vi.fn(), success: vi.fn() } }));

const noSchedule: Hours = {
  days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [] })),
  exceptions: [],
};
const day = (name: string) => screen.getByRole('group', { name });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

beforeAll(async () => {
  await loadI18n('full');
  await changeLanguage('en');
});
afterEach(cleanup);

describe('HoursForm on a restaurant open around the clock', () => {
  it('keeps the other days open all day when the first range is added, and says so', () => {
    render(<HoursForm hours={noSchedule} onSubmit={vi.fn()} />);
    expect(within(day('Monday')).getByText('Open around the clock (no schedule)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a range on Friday' }));
    for (const other of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Saturday', 'Sunday']) {
      expect(within(day(other)).getByLabelText('Opens')).toHaveProperty('value', '00:00');
      expect(within(day(other)).getByLabelText('Closes')).toHaveProperty('value', '00:00');
      expect(within(day(other)).getByText('Open all day')).toBeTruthy();
    }
    expect(within(day('Friday')).getByLabelText('Opens')).toHaveProperty('value', '');
    expect(screen.getByText(/the other days stay open all day/)).toBeTruthy();
  });

  it('asks before a save that closes the restaurant; cancelled, it saves nothing', async () => {
    const save = vi.fn(async (body: HoursBody) => ({ days: body.days, exceptions: [] }) as Hours);
    render(<HoursForm hours={noSchedule} onSubmit={save} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a range on Friday' }));
    // Open on Fridays only: every other day closed.
    for (const other of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Saturday', 'Sunday'])
      fireEvent.click(within(day(other)).getByRole('button', { name: /^Remove the range/ }));
    type(within(day('Friday')).getByLabelText('Opens'), '08:00');
    type(within(day('Friday')).getByLabelText('Closes'), '09:00');
    fireEvent.click(screen.getByRole('button', { name: 'Update opening hours' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the restaurant?' });
    expect(within(dialog).getByText(/^Saved like this, the restaurant (is closed|closes)/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(save).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Update opening hours' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save and close' }),
    );
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0].days.find((d) => d.weekday === 5)?.ranges).toEqual([
      { opens: '08:00', closes: '09:00' },
    ]);
  });

  it('takes times as 24-hour text in Bosnian, not as the browser’s time input', async () => {
    await changeLanguage('bs');
    try {
      render(<HoursForm hours={noSchedule} onSubmit={vi.fn()} />);
      fireEvent.click(screen.getByRole('button', { name: 'Dodaj raspon: Petak' }));
      const opens = within(day('Petak')).getByLabelText('Otvara') as HTMLInputElement;
      expect(opens.type).toBe('text');
      expect(opens.placeholder).toBe('ss:mm');
      type(opens, '18:30');
      expect(opens.value).toBe('18:30');
    } finally {
      await changeLanguage('en');
    }
  });
});
