import type { VehicleBody, VehicleListParams } from '@dostava/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api, quiet, useWrite } from '../../../lib/api-client';

export function useVehicles(query: VehicleListParams) {
  return useQuery(
    $api.queryOptions('get', '/api/vehicles', { params: { query } }, { placeholderData: keepPreviousData }),
  );
}

export function useVehicle(id: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/vehicles/{id}',
      { params: { path: { id } } },
      { meta: quiet, enabled: Number.isInteger(id) && id > 0, select: (answer) => answer.data },
    ),
  );
}

export const useCreateVehicle = () =>
  useWrite('post', '/api/vehicles', (body: VehicleBody) => ({ body }), { quiet: true });

export const useUpdateVehicle = (id: number) =>
  useWrite(
    'patch',
    '/api/vehicles/{id}',
    (body: Partial<VehicleBody>) => ({ params: { path: { id } }, body }),
    {
      quiet: true,
    },
  );

export const useDeleteVehicle = () =>
  useWrite('delete', '/api/vehicles/{id}', (id: number) => ({ params: { path: { id } } }));
