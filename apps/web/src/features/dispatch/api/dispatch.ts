import type { DispatchMode, DispatchSettingsBody } from '@dostava/shared';
import { dispatchSettingsQueryOptions } from '../../../api/dispatch/dispatch';
import { $api, useWrite } from '../../../lib/api-client';

/** PUT /dispatch/settings: the whole settings at once (no toast: the form shows the refusal). */
export const useUpdateDispatchSettings = () =>
  useWrite('put', '/api/dispatch/settings', (body: DispatchSettingsBody) => ({ body }), {
    quiet: true,
    onSuccess: (answer, _body, queryClient) =>
      queryClient.setQueryData(dispatchSettingsQueryOptions().queryKey, answer),
  });

/** PUT /restaurants/:id/dispatch-mode: the restaurant's own mode, or null to follow the operation. */
export const useSetRestaurantDispatchMode = (id: number) =>
  useWrite(
    'put',
    '/api/restaurants/{id}/dispatch-mode',
    (mode: DispatchMode | null) => ({ params: { path: { id } }, body: { mode } }),
    {
      onSuccess: (answer, _mode, queryClient) =>
        queryClient.setQueryData(
          $api.queryOptions('get', '/api/restaurants/{id}', { params: { path: { id } } }).queryKey,
          answer,
        ),
    },
  );
