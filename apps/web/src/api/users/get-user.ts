import type { DataResponse, User } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { userKeys } from './keys';

export async function getUser(id: number, signal?: AbortSignal): Promise<User> {
  const { data } = await api<DataResponse<User>>(`/users/${id}`, { signal });
  return data;
}

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

export function useUser(id: number) {
  return useQuery({ ...userQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
