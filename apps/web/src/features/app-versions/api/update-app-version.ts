import type { AppVersion, AppVersionPatchBody, DataResponse } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { appVersionKeys } from './keys';

export async function updateAppVersion(id: number, body: AppVersionPatchBody): Promise<AppVersion> {
  // A taken version answers 409 with the message under `version`: the form shows it, no toast.
  const { data } = await api<DataResponse<AppVersion>>(`/app-versions/${id}`, {
    method: 'PATCH',
    body,
    toast: false,
  });
  return data;
}

export function useUpdateAppVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AppVersionPatchBody }) => updateAppVersion(id, body),
    // A changed number or priority can change which reported versions are outdated or forced.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appVersionKeys.all }),
  });
}
