import type { AppVersion, AppVersionBody, DataResponse } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { appVersionKeys } from './keys';

export async function createAppVersion(body: AppVersionBody): Promise<AppVersion> {
  // A duplicate answers 409 with the message under `version`: the form shows it, no toast.
  const { data } = await api<DataResponse<AppVersion>>('/app-versions', {
    method: 'POST',
    body,
    toast: false,
  });
  return data;
}

export function useCreateAppVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppVersion,
    // A new version can make reported versions outdated: the usage refreshes too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appVersionKeys.all }),
  });
}
