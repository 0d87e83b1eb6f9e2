import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { hasUnsavedChanges, useHasUnsavedChanges } from '../lib/unsaved-changes';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Asks before unsaved form input is lost (decision 0016, addendum): an in-app navigation waits for
 * "Leave" in a dialog; a reload or closing the tab gets the browser's own question. Mounted once,
 * in the root layout; the forms register themselves through `useApiForm`.
 */
export function UnsavedChangesGuard() {
  const { t } = useTranslation();
  const dirty = useHasUnsavedChanges();
  // Asked at the moment of the navigation, so a save that navigates away is never held back.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('common.unsaved_title')}
      message={t('common.unsaved_message')}
      confirmLabel={t('common.unsaved_leave')}
      cancelLabel={t('common.unsaved_stay')}
      destructive
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}
