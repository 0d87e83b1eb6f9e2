import { Suspense } from 'react';
import { LazyToastContainer } from '../lib/toast';

/** Where toasts appear, on the app and on the sign-in page alike. */
export function ToastHost() {
  return (
    <Suspense fallback={null}>
      <LazyToastContainer position="top-right" autoClose={5000} newestOnTop closeOnClick={false} />
    </Suspense>
  );
}
