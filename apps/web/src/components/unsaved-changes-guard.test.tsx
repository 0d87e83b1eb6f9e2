import { categoryBody } from '@dostava/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useApiForm } from '../lib/form';
import { changeLanguage } from '../lib/i18n';
import { hasUnsavedChanges } from '../lib/unsaved-changes';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

vi.mock('../lib/toast', () => ({ toasts: { error: vi.fn(), success: vi.fn() } }));

beforeAll(() => changeLanguage('en'));
afterEach(cleanup);

/** A category form whose save resolves (and navigates back to the list, as an add page does). */
function FormPage({ save }: { save: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const { register, submit } = useApiForm({
    schema: categoryBody,
    defaultValues: { name: 'Pizza', description: '', position: 1 },
    save: async () => {
      await save();
      navigate('/list');
    },
  });
  return (
    <form onSubmit={submit}>
      <input aria-label="Name" {...register('name')} />
      <button type="submit">Save</button>
      <Link to="/list">Away</Link>
    </form>
  );
}

function show(save: () => Promise<unknown> = async () => undefined) {
  const router = createMemoryRouter(
    [
      {
        path: '/form',
        element: (
          <>
            <FormPage save={save} />
            <UnsavedChangesGuard />
          </>
        ),
      },
      { path: '/list', element: <p>The list</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const type = (value: string) => fireEvent.input(screen.getByLabelText('Name'), { target: { value } });
const unloadPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('UnsavedChangesGuard', () => {
  it('lets a clean form go without asking', async () => {
    const router = show();
    await act(async () => fireEvent.click(screen.getByText('Away')));
    expect(router.state.location.pathname).toBe('/list');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before leaving a changed form; Stay keeps it, Leave goes', async () => {
    const router = show();
    await act(async () => type('Pizza al taglio'));
    expect(hasUnsavedChanges()).toBe(true);
    expect(unloadPrevented()).toBe(true);

    await act(async () => fireEvent.click(screen.getByText('Away')));
    expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    expect(router.state.location.pathname).toBe('/form');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Pizza al taglio');

    await act(async () => fireEvent.click(screen.getByText('Away')));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Leave' })));
    expect(router.state.location.pathname).toBe('/list');
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('does not ask when the save itself navigates away', async () => {
    const router = show();
    await act(async () => type('Pizza al taglio'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(router.state.location.pathname).toBe('/list');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(hasUnsavedChanges()).toBe(false);
    expect(unloadPrevented()).toBe(false);
  });

  it('still asks after a save that failed', async () => {
    const router = show(() => Promise.reject(new Error('offline')));
    await act(async () => type('Pizza al taglio'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(router.state.location.pathname).toBe('/form');
    expect(hasUnsavedChanges()).toBe(true);
  });
});
