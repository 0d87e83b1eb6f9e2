import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';

/** GET /api/config: what the web app needs of the server's configuration. */
export interface AppConfig {
  currency: string;
  time_zone: string;
  map: {
    provider: 'leaflet' | 'google';
    tile_url: string;
    tile_attribution: string;
    google_maps_api_key: string | null;
    /** A driver's location older than this is flagged stale. */
    stale_location_minutes: number;
  };
}

export function getAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  return api<AppConfig>('/config', { signal, auth: false });
}

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: ({ signal }) => getAppConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
