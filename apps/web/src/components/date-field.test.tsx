import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateField } from './date-field';

afterEach(cleanup);

/** Types `digits` into the field's section named `section` (Dan, Mjesec, Godina), one key at a time. */
function type(section: string, digits: string) {
  const element = screen.getByRole('spinbutton', { name: section });
  act(() => element.focus());
  for (const digit of digits) fireEvent.input(element, { target: { textContent: digit } });
}
const shown = () => screen.getAllByRole('spinbutton').map((element) => element.textContent);

describe('DateField', () => {
  it('keeps what is being typed when the value it published comes back late (a URL filter)', () => {
    const published: string[] = [];
    let echo: () => void = () => {};
    function Filter() {
      const [value, setValue] = useState('2026-11-14');
      // The list's URL is written in a transition: the value comes back after the next keys.
      const later = (next: string) => {
        published.push(next);
        echo = () => setValue(next);
      };
      return <DateField label="Od" value={value} onChange={later} />;
    }
    render(<Filter />);

    type('Dan', '01');
    expect(published).toEqual(['2026-11-01']);
    type('Godina', '2');
    expect(shown()).toEqual(['01', '11', '0002']);
    act(() => echo());
    expect(shown()).toEqual(['01', '11', '0002']);
    type('Godina', '099');
    expect(shown()).toEqual(['01', '11', '2099']);
    expect(published.at(-1)).toBe('2099-11-01');
  });

  it('takes a new value from outside (a quick range) over what it shows', () => {
    let set: (value: string) => void = () => {};
    function Filter() {
      const [value, setValue] = useState('2026-11-14');
      set = setValue;
      return <DateField label="Od" value={value} onChange={setValue} />;
    }
    render(<Filter />);
    type('Dan', '01');
    expect(shown()).toEqual(['01', '11', '2026']);
    act(() => set('2026-10-05'));
    expect(shown()).toEqual(['05', '10', '2026']);
    act(() => set(''));
    expect(shown()).toEqual(['DD', 'MM', 'GGGG']);
  });
});
