import type { UserCreateBody, UserUpdateBody } from '@dostava/shared';
import { $api, type Answer, useWrite } from '../../../lib/api-client';

const userKey = (id: number) =>
  $api.queryOptions('get', '/api/users/{id}', { params: { path: { id } } }).queryKey;

export const useCreateUser = () =>
  useWrite('post', '/api/users', (body: UserCreateBody) => ({ body }), { quiet: true });

export const useUpdateUser = (id: number) =>
  useWrite('patch', '/api/users/{id}', (body: UserUpdateBody) => ({ params: { path: { id } }, body }), {
    quiet: true,
    onSuccess: (answer, _body, queryClient) => queryClient.setQueryData(userKey(id), answer),
  });

/** 'deleted', or 'deactivated' for an account with history; `message` says which, translated. */
export type UserDeleteResult = Answer<'delete', '/api/users/{id}'>;

export const useDeleteUser = () =>
  useWrite('delete', '/api/users/{id}', (id: number) => ({ params: { path: { id } } }), {
    // A deactivated account stays, and is read again with the lists.
    onSuccess: (result, id, queryClient) => {
      if (result.result === 'deleted') queryClient.removeQueries({ queryKey: userKey(id) });
    },
  });
