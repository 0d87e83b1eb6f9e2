import { dataResponse, listResponse } from '../common.js';
import { userCreateBody, userDeleteResult, userListQuery, userSchema, userUpdateBody } from '../users.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['users'];
/**
 * Admins and App Managers manage every account (App Managers not Admin accounts); a Restaurant
 * Manager manages the Restaurant Employee accounts of their restaurant through the same endpoints.
 */
const access = { permission: 'employees.manage' } as const;

export const users = {
  list: endpoint({
    method: 'GET',
    path: '/api/users',
    access,
    description:
      "A page of accounts, filterable by role and restaurant. A Restaurant Manager sees their restaurant's employees.",
    tags,
    query: userListQuery,
    answer: { 200: listResponse(userSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/users',
    access,
    description:
      'Creates an account with a role (and a restaurant for the restaurant roles); the password follows the policy. Who may create which role follows the permission matrix.',
    tags,
    body: userCreateBody,
    answer: { 201: dataResponse(userSchema) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/users/:id',
    access,
    description: 'One account, as the caller may see it.',
    tags,
    params: idParams,
    answer: { 200: dataResponse(userSchema) },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/users/:id',
    access,
    description: 'Changes the given fields of an account; deactivating it signs all its sessions out.',
    tags,
    params: idParams,
    body: userUpdateBody,
    answer: { 200: dataResponse(userSchema) },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/users/:id',
    access,
    summary: 'Delete an account; one with a history is deactivated instead (the answer says which)',
    description:
      'Deletes an account without a history; an account that has orders, shifts or audit entries is deactivated instead, and the answer says which happened.',
    tags,
    params: idParams,
    answer: { 200: userDeleteResult },
  }),
};
