import type { DataResponse, DispatchSettings } from '@dostava/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { eventStream } from '../../lib/event-stream';
import { api } from '../../lib/http';
import { dispatchKeys } from './keys';

export async function getDispatchSettings(signal?: AbortSignal): Promise<DispatchSettings> {
  const { data } = await api<DataResponse<DispatchSettings>>('/dispatch/settings', { signal, toast: false });
  return data;
}

export const dispatchSettingsQueryOptions = () =>
  queryOptions({ queryKey: dispatchKeys.settings(), queryFn: ({ signal }) => getDispatchSettings(signal) });

/**
 * The operation's dispatch settings, kept live: a change by anyone (the `dispatch.settings` event)
 * replaces them in place and asks for the board's suggestions again; a resync refetches them.
 */
export function useDispatchSettings(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return eventStream.listen((message) => {
      if (message.kind === 'resync') {
        void queryClient.invalidateQueries({ queryKey: dispatchKeys.all });
        return;
      }
      if (message.event.type !== 'dispatch.settings') return;
      queryClient.setQueryData(dispatchKeys.settings(), message.event.data);
      void queryClient.invalidateQueries({ queryKey: dispatchKeys.suggestions() });
    });
  }, [queryClient, enabled]);
  return useQuery({ ...dispatchSettingsQueryOptions(), enabled });
}
