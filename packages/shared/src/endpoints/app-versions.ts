import { z } from 'zod';
import {
  appVersionBody,
  appVersionCheckQuery,
  appVersionCheckSchema,
  appVersionListQuery,
  appVersionPatchBody,
  appVersionSchema,
  appVersionUsageSchema,
} from '../app-versions.js';
import { dataResponse, listResponse, noContent } from '../common.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['app versions'];
const access = { permission: 'app_versions.manage' } as const;

export const appVersions = {
  list: endpoint({
    method: 'GET',
    path: '/api/app-versions',
    access,
    description: 'A page of the released mobile app versions, filterable by app.',
    tags,
    query: appVersionListQuery,
    answer: { 200: listResponse(appVersionSchema) },
  }),
  release: endpoint({
    method: 'POST',
    path: '/api/app-versions',
    access,
    summary: 'Release an app version',
    description: 'Records a new version of a mobile app and whether updating to it is forced.',
    tags,
    body: appVersionBody,
    answer: { 201: dataResponse(appVersionSchema) },
  }),
  usage: endpoint({
    method: 'GET',
    path: '/api/app-versions/usage',
    access,
    summary: 'App versions in use',
    description: 'How many users last signed in with each app version.',
    tags,
    answer: { 200: z.object({ data: z.array(appVersionUsageSchema) }) },
  }),
  check: endpoint({
    method: 'GET',
    path: '/api/app-versions/check',
    access: { auth: 'public' },
    summary: 'Mobile apps: must or may I update?',
    description:
      'The mobile apps ask, without a token, whether a newer version exists and whether they must update to keep working.',
    tags,
    query: appVersionCheckQuery,
    answer: { 200: dataResponse(appVersionCheckSchema) },
  }),
  correct: endpoint({
    method: 'PATCH',
    path: '/api/app-versions/:id',
    access,
    summary: 'Correct an app version',
    description:
      'Changes the given fields of a released version (a wrong number, priority or notes). A version number the app already has is a 409 under `version`.',
    tags,
    params: idParams,
    body: appVersionPatchBody,
    answer: { 200: dataResponse(appVersionSchema) },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/app-versions/:id',
    access,
    description: 'Removes a released version.',
    tags,
    params: idParams,
    answer: { 204: noContent('The version is deleted') },
  }),
};
