import { categoryBody, feeRuleBody } from '@dostava/shared';
import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useApiForm } from './form';
import { ApiError } from './http';
import { changeLanguage } from './i18n';
import { toasts } from './toast';

vi.mock('./toast', () => ({ toasts: { error: vi.fn(), success: vi.fn() } }));

beforeAll(() => changeLanguage('en'));

const VALID = { name: 'Pizza', description: '', position: 1 };

/** A category form whose save fails with `error` (or succeeds with `saved`). */
function renderForm(save: () => Promise<unknown>, onSaved = vi.fn()) {
  const rendered = renderHook(() =>
    useApiForm({ schema: categoryBody, defaultValues: VALID, save, onSaved }),
  );
  const submit = () => act(() => rendered.result.current.submit());
  const errorOf = (field: 'name' | 'description' | 'position') =>
    rendered.result.current.formState.errors[field]?.message;
  return { rendered, submit, errorOf };
}

describe('useApiForm', () => {
  it('saves the parsed body and calls onSaved with the result', async () => {
    const save = vi.fn(async () => ({ id: 7 }));
    const onSaved = vi.fn();
    const { submit } = renderForm(save, onSaved);
    await submit();
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ name: 'Pizza' }));
    expect(onSaved).toHaveBeenCalledWith({ id: 7 });
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('puts the API field errors under the fields, and toasts nothing', async () => {
    const refusal = new ApiError('This name is already taken', 409, 'name_taken', {
      name: ['This name is already taken'],
    });
    const onSaved = vi.fn();
    const { submit, errorOf } = renderForm(() => Promise.reject(refusal), onSaved);
    await submit();
    expect(errorOf('name')).toBe('This name is already taken');
    expect(toasts.error).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("puts an API error of a row's field (an index key) under that row's field", async () => {
    const refusal = new ApiError('Validation failed', 400, 'validation_failed', {
      'distance_bands.1.amount': ['Too high'],
    });
    const bands = [
      { up_to_m: 1500, amount: 0 },
      { up_to_m: 3000, amount: 50 },
    ];
    const rendered = renderHook(() =>
      useApiForm({
        schema: feeRuleBody,
        defaultValues: { distance_bands: bands },
        save: () => Promise.reject(refusal),
      }),
    );
    await act(() => rendered.result.current.submit());
    expect(rendered.result.current.formState.errors.distance_bands?.[1]?.amount?.message).toBe('Too high');
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('toasts a refusal without field errors once, with its message', async () => {
    const refusal = new ApiError('The category is in use', 409, 'category_in_use');
    const { submit, errorOf } = renderForm(() => Promise.reject(refusal));
    await submit();
    expect(toasts.error).toHaveBeenCalledTimes(1);
    expect(toasts.error).toHaveBeenCalledWith('The category is in use', expect.anything());
    expect(errorOf('name')).toBeUndefined();
  });

  it('toasts field errors it has no field for, as the refusal message', async () => {
    const refusal = new ApiError('Validation failed', 400, 'validation_failed', { ids: ['Mismatch'] });
    const { submit } = renderForm(() => Promise.reject(refusal));
    await submit();
    expect(toasts.error).toHaveBeenCalledTimes(1);
    expect(toasts.error).toHaveBeenCalledWith('Validation failed', expect.anything());
  });

  it('toasts anything else as the unexpected error, and a 401 not at all', async () => {
    const { submit } = renderForm(() => Promise.reject(new TypeError('boom')));
    await submit();
    expect(toasts.error).toHaveBeenCalledWith(
      'An unexpected error occurred. Please try again later.',
      expect.anything(),
    );
    vi.mocked(toasts.error).mockClear();
    const expired = renderForm(() => Promise.reject(new ApiError('Session expired', 401, 'refresh_failed')));
    await expired.submit();
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('does not save what the shared schema refuses', async () => {
    const save = vi.fn(async () => undefined);
    const { rendered, submit, errorOf } = renderForm(save);
    act(() => rendered.result.current.setValue('name', ''));
    await submit();
    expect(save).not.toHaveBeenCalled();
    expect(errorOf('name')).toBe('validation.required');
    expect(toasts.error).not.toHaveBeenCalled();
  });
});
