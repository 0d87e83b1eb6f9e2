import { useEffect, useSyncExternalStore } from 'react';

/**
 * Which mounted forms hold input that is not saved yet (decision 0016, addendum): `useApiForm`
 * registers itself here, and one guard in the root layout (`components/unsaved-changes-guard.tsx`)
 * asks before an in-app navigation and lets the browser ask before a reload or closing the tab.
 * A form that is saving does not hold anyone back: its own save navigates away on success.
 */
const dirtyForms = new Set<string>();
const savingForms = new Set<string>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** True when some form has unsaved input and none of them is saving right now. */
export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0 && savingForms.size === 0;
}

export function setFormDirty(id: string, dirty: boolean) {
  if (dirty === dirtyForms.has(id)) return;
  if (dirty) dirtyForms.add(id);
  else dirtyForms.delete(id);
  emit();
}

export function setFormSaving(id: string, saving: boolean) {
  if (saving === savingForms.has(id)) return;
  if (saving) savingForms.add(id);
  else savingForms.delete(id);
  emit();
}

/** Forgets a form (unmounted). */
export function forgetForm(id: string) {
  const had = dirtyForms.delete(id) || savingForms.delete(id);
  savingForms.delete(id);
  if (had) emit();
}

/** For the guard: re-renders when the answer of `hasUnsavedChanges` may have changed. */
export function useHasUnsavedChanges(): boolean {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, hasUnsavedChanges);
}

/** Registers a form's dirty state while it is mounted (and `active`: a closed dialog is not). */
export function useUnsavedChanges(id: string, dirty: boolean, active = true) {
  useEffect(() => {
    setFormDirty(id, dirty && active);
  }, [id, dirty, active]);
  useEffect(() => () => forgetForm(id), [id]);
}
