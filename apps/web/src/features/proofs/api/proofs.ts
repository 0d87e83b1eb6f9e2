import type { ProofSettingsBody } from '@dostava/shared';
import { useQuery } from '@tanstack/react-query';
import { $api, useWrite } from '../../../lib/api-client';

/** What a delivery needs (Admins, App Managers). */
export function useProofSettings() {
  return useQuery($api.queryOptions('get', '/api/proof-settings', {}, { select: (answer) => answer.data }));
}

export const useUpdateProofSettings = () =>
  useWrite('patch', '/api/proof-settings', (body: ProofSettingsBody) => ({ body }), { quiet: true });

/** An order's proof of delivery, for those who read the order. */
export function useOrderProof(orderId: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/orders/{id}/proof',
      { params: { path: { id: orderId } } },
      { enabled: Number.isInteger(orderId) && orderId > 0, select: (answer) => answer.data },
    ),
  );
}
