import { useQuery } from '@tanstack/react-query';
import { $api, type Answer } from '../../lib/api-client';

/** GET /api/config: what the web app needs of the server's configuration (public: no token). */
export type AppConfig = Answer<'get', '/api/config'>;

export const appConfigQueryOptions = () =>
  $api.queryOptions('get', '/api/config', undefined, { staleTime: Number.POSITIVE_INFINITY });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
