import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { $api, quiet, refresh } from '../../lib/api-client';
import { eventStream } from '../../lib/event-stream';

export const dispatchSettingsQueryOptions = () =>
  $api.queryOptions('get', '/api/dispatch/settings', {}, { meta: quiet, select: (answer) => answer.data });

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
        void refresh(queryClient, ['/api/dispatch']);
        return;
      }
      if (message.event.type !== 'dispatch.settings') return;
      queryClient.setQueryData(dispatchSettingsQueryOptions().queryKey, { data: message.event.data });
      void refresh(queryClient, ['/api/dispatch/suggestions']);
    });
  }, [queryClient, enabled]);
  return useQuery({ ...dispatchSettingsQueryOptions(), enabled });
}
