import { useQuery } from '@tanstack/react-query';
import { $api } from '../../lib/api-client';

/**
 * Every zone (the map draws them all): the zones editor's, and the dispatcher's board and map filter
 * by them and draw them faintly (issue 37).
 */
export function useZones(enabled = true) {
  return useQuery({ ...zonesQueryOptions(), enabled });
}

export const zonesQueryOptions = () =>
  $api.queryOptions('get', '/api/zones', undefined, { select: (answer) => answer.data });
