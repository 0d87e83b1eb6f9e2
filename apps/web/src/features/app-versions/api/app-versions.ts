import type { AppVersionBody, AppVersionListParams, AppVersionPatchBody } from '@dostava/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api, type Answer, useWrite } from '../../../lib/api-client';

export function useAppVersions(query: AppVersionListParams) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/app-versions',
      { params: { query } },
      { placeholderData: keepPreviousData },
    ),
  );
}

/** One reported version. */
export type AppVersionUsage = Answer<'get', '/api/app-versions/usage'>['data'][number];

export function useAppVersionUsage() {
  return useQuery(
    $api.queryOptions('get', '/api/app-versions/usage', undefined, { select: (answer) => answer.data }),
  );
}

// A new, changed or deleted version can change which reported versions are outdated or forced: every
// write refreshes the whole resource, the usage with the list.

// A duplicate answers 409 with the message under `version`: the form shows it, no toast.
export const useCreateAppVersion = () =>
  useWrite('post', '/api/app-versions', (body: AppVersionBody) => ({ body }), { quiet: true });

export const useUpdateAppVersion = () =>
  useWrite(
    'patch',
    '/api/app-versions/{id}',
    ({ id, body }: { id: number; body: AppVersionPatchBody }) => ({ params: { path: { id } }, body }),
    { quiet: true },
  );

export const useDeleteAppVersion = () =>
  useWrite('delete', '/api/app-versions/{id}', (id: number) => ({ params: { path: { id } } }));
