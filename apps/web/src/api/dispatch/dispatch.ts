import { DISPATCH_MODES, type DispatchMode } from '@dostava/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { $api, quiet, refresh } from '../../lib/api-client';
import { eventStream } from '../../lib/event-stream';

export const dispatchSettingsQueryOptions = () =>
  $api.queryOptions('get', '/api/dispatch/settings', {}, { meta: quiet, select: (answer) => answer.data });

const MODE_KEY = 'dispatch_mode';

/**
 * The dispatch mode this browser last saw: the board's list is sorted by it (suggest mode puts the
 * suggested orders first), so a reload asks for the list beside the settings rather than after them
 * (issue 34); the settings' answer corrects it when the mode has changed meanwhile.
 */
export function lastDispatchMode(): DispatchMode | undefined {
  const stored = localStorage.getItem(MODE_KEY);
  return DISPATCH_MODES.find((mode) => mode === stored);
}

export function rememberDispatchMode(mode: DispatchMode) {
  if (localStorage.getItem(MODE_KEY) !== mode) localStorage.setItem(MODE_KEY, mode);
}

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
  const query = useQuery({ ...dispatchSettingsQueryOptions(), enabled });
  const mode = query.data?.mode;
  useEffect(() => {
    if (mode) rememberDispatchMode(mode);
  }, [mode]);
  return query;
}
