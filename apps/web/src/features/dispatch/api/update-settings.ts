import type { DataResponse, DispatchSettings, DispatchSettingsBody } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dispatchKeys } from '../../../api/dispatch/keys';
import { api } from '../../../lib/http';

/** PUT /dispatch/settings: the whole settings at once (no toast: the form shows the refusal). */
export async function updateDispatchSettings(body: DispatchSettingsBody): Promise<DispatchSettings> {
  const { data } = await api<DataResponse<DispatchSettings>>('/dispatch/settings', {
    method: 'PUT',
    body,
    toast: false,
  });
  return data;
}

export function useUpdateDispatchSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDispatchSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(dispatchKeys.settings(), settings);
      void queryClient.invalidateQueries({ queryKey: dispatchKeys.suggestions() });
    },
  });
}
