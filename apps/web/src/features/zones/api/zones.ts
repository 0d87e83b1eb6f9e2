import type {
  DeliveryAreaBody,
  FeeRuleBody,
  FeeScope,
  SimulateBody,
  ZoneImportBody,
  ZoneInput,
} from '@dostava/shared';
import { useQuery } from '@tanstack/react-query';
import { $api, client, quiet, useWrite } from '../../../lib/api-client';

export const useCreateZone = () =>
  useWrite('post', '/api/zones', (body: ZoneInput) => ({ body }), { quiet: true });

export const useUpdateZone = () =>
  useWrite(
    'patch',
    '/api/zones/{id}',
    ({ id, body }: { id: number; body: Partial<ZoneInput> }) => ({ params: { path: { id } }, body }),
    { quiet: true },
  );

export const useDeleteZone = () =>
  useWrite('delete', '/api/zones/{id}', (id: number) => ({ params: { path: { id } } }));

export const useImportZones = () =>
  useWrite('post', '/api/zones/import', (body: ZoneImportBody) => ({ body }), { quiet: true });

/** The zones as a GeoJSON file (the same document the import takes). */
export async function exportZones(): Promise<Blob> {
  const { data } = await client.GET('/api/zones/export.geojson');
  return new Blob([JSON.stringify(data, null, 2)], { type: 'application/geo+json' });
}

export function useFeeRules() {
  return useQuery($api.queryOptions('get', '/api/fee-rules', undefined, { select: (answer) => answer.data }));
}

export const usePutFeeRule = () =>
  useWrite(
    'put',
    '/api/fee-rules/{scope}/{target}',
    ({ scope, target, body }: { scope: FeeScope; target: number; body: FeeRuleBody }) => ({
      params: { path: { scope, target } },
      body,
    }),
    { quiet: true },
  );

export const useRemoveFeeRule = () =>
  useWrite(
    'delete',
    '/api/fee-rules/{scope}/{target}',
    ({ scope, target }: { scope: FeeScope; target: number }) => ({
      params: { path: { scope, target } },
    }),
  );

export function useDeliveryArea(restaurantId: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/restaurants/{id}/delivery-area',
      { params: { path: { id: restaurantId } } },
      { enabled: restaurantId > 0, select: (answer) => answer.data },
    ),
  );
}

export const usePutDeliveryArea = (restaurantId: number) =>
  useWrite(
    'put',
    '/api/restaurants/{id}/delivery-area',
    (body: DeliveryAreaBody) => ({ params: { path: { id: restaurantId } }, body }),
    { quiet: true },
  );

export const useSimulate = () =>
  useWrite('post', '/api/zones/simulate', (body: SimulateBody) => ({ body }), { quiet: true });

/** The delivery fee's breakdown frozen on an order (404 for orders placed before fee rules). */
export function useOrderQuote(orderId: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/orders/{id}/delivery-quote',
      { params: { path: { id: orderId } } },
      { enabled: orderId > 0, retry: false, meta: quiet, select: (answer) => answer.data },
    ),
  );
}
