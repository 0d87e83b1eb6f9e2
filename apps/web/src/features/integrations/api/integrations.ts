import type { ApiKeyInput, ApiKeyRotateBody, IntegratorInput, IntegratorListParams } from '@dostava/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api, type Answer, useWrite } from '../../../lib/api-client';

export type IntegratorRow = Answer<'get', '/api/integrators'>['data'][number];
export type ApiKeyRow = Answer<'get', '/api/integrators/{id}/keys'>['data'][number];
export type ApiKeyWithSecret = Answer<'post', '/api/integrators/{id}/keys'>['data'];

export function useIntegrators(query: IntegratorListParams) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/integrators',
      { params: { query } },
      { placeholderData: keepPreviousData },
    ),
  );
}

export function useIntegrator(id: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/integrators/{id}',
      { params: { path: { id } } },
      { select: (a) => a.data },
    ),
  );
}

export function useApiKeys(id: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/integrators/{id}/keys',
      { params: { path: { id } } },
      { select: (a) => a.data },
    ),
  );
}

/** The restaurants a key may be limited to (an Admin sees them all; 100 at most per page). */
export function useRestaurantChoices() {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/restaurants',
      { params: { query: { per_page: 100, sort: 'name' } } },
      { select: (a) => a.data.map((r) => ({ id: r.id, name: r.name })) },
    ),
  );
}

export const useCreateIntegrator = () =>
  useWrite('post', '/api/integrators', (body: IntegratorInput) => ({ body: body as never }), { quiet: true });

export const useCreateApiKey = () =>
  useWrite(
    'post',
    '/api/integrators/{id}/keys',
    ({ id, body }: { id: number; body: ApiKeyInput }) => ({ params: { path: { id } }, body: body as never }),
    { quiet: true },
  );

export const useRotateApiKey = () =>
  useWrite(
    'post',
    '/api/integrator-keys/{id}/rotate',
    ({ id, body }: { id: number; body: ApiKeyRotateBody }) => ({
      params: { path: { id } },
      body,
    }),
  );

export const useRevokeApiKey = () =>
  useWrite('post', '/api/integrator-keys/{id}/revoke', (id: number) => ({ params: { path: { id } } }));

export const useSetIntegratorActive = () =>
  useWrite('patch', '/api/integrators/{id}', ({ id, is_active }: { id: number; is_active: boolean }) => ({
    params: { path: { id } },
    body: { is_active },
  }));
