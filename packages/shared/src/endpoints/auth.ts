import { z } from 'zod';
import {
  changePasswordBody,
  currentUserSchema,
  logoutBody,
  refreshBody,
  sessionSchema,
  signInBody,
  signInResponse,
  tokensSchema,
  updateProfileBody,
} from '../auth.js';
import { dataResponse, messageResponse, noContent } from '../common.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['auth'];

export const auth = {
  signIn: endpoint({
    method: 'POST',
    path: '/api/auth/sign-in',
    access: { auth: 'public' },
    summary: 'Staff sign-in to the back office',
    description:
      'Signs a staff member in with email and password: an access token (Bearer, minutes) and a refresh token (single use). Driver and customer accounts are refused here. Limited per account and per address.',
    tags,
    body: signInBody,
    answer: { 200: signInResponse },
  }),
  appSignIn: endpoint({
    method: 'POST',
    path: '/api/auth/app/sign-in',
    access: { auth: 'public' },
    summary: 'Driver and customer app sign-in',
    description:
      'Signs a driver or customer in with email and password: tokens for the app endpoints only (they never open the back office). Limited per account and per address.',
    tags,
    body: signInBody,
    answer: { 200: signInResponse },
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/auth/refresh',
    access: { auth: 'public' },
    summary: 'Rotate a refresh token',
    description:
      'Exchanges a refresh token for a new access token and a new refresh token. Each refresh token works once: presenting a spent one again signs the whole session out.',
    tags,
    body: refreshBody,
    answer: { 200: dataResponse(tokensSchema) },
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/auth/me',
    access: { auth: 'any' },
    summary: 'The signed-in account',
    description: "The caller's own account: name, role, restaurant and language. Staff and app tokens alike.",
    tags,
    answer: { 200: dataResponse(currentUserSchema) },
  }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/api/auth/me',
    access: { auth: 'any' },
    summary: 'Update the own profile',
    description:
      "Changes the caller's own name, phone or language; role and restaurant are not the caller's to change.",
    tags,
    body: updateProfileBody,
    answer: { 200: dataResponse(currentUserSchema) },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    access: { auth: 'any' },
    summary: 'Sign out',
    description:
      "Ends the caller's session on the server: its refresh tokens stop working at once; the access token lives until it expires.",
    tags,
    body: logoutBody.optional(),
    answer: { 200: messageResponse },
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/auth/change-password',
    access: { auth: 'any' },
    summary: 'Change the own password',
    description:
      'Checks the current password, applies the password policy (and the leaked-password list) to the new one, and signs out every other session.',
    tags,
    body: changePasswordBody,
    answer: { 200: messageResponse },
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/api/auth/sessions',
    access: { auth: 'any' },
    summary: 'The own active sessions',
    description:
      "Every device signed in to the caller's account, with when and from where it was last used; the current one is marked.",
    tags,
    answer: { 200: z.object({ data: z.array(sessionSchema) }) },
  }),
  revokeSession: endpoint({
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    access: { auth: 'any' },
    summary: 'Sign out one of the own sessions',
    description:
      "Revokes one of the caller's own sessions (another device); someone else's session is not found.",
    tags,
    params: idParams,
    answer: { 204: noContent('The session is signed out') },
  }),
  revokeOtherSessions: endpoint({
    method: 'POST',
    path: '/api/auth/sessions/revoke-others',
    access: { auth: 'any' },
    summary: 'Sign out every other session',
    description: "Revokes all of the caller's sessions but the current one.",
    tags,
    answer: { 200: messageResponse },
  }),
};
