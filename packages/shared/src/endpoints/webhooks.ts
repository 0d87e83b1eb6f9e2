import { z } from 'zod';
import { dataResponse, listResponse, noContent } from '../common.js';
import { idParams } from '../validation.js';
import {
  webhookDeliveryListQuery,
  webhookDeliverySchema,
  webhookEndpointBody,
  webhookEndpointListQuery,
  webhookEndpointPatchBody,
  webhookEndpointSchema,
  webhookEndpointSecretSchema,
  webhookEndpointTestSchema,
  webhookReplayBody,
  webhookReplaySchema,
} from '../webhooks.js';
import { endpoint } from './endpoint.js';

const tags = ['webhooks'];
const access = { permission: 'integrations.manage' } as const;

/** Admins register endpoints, read the delivery log, test and replay (issue 40). */
export const webhooks = {
  list: endpoint({
    method: 'GET',
    path: '/api/webhook-endpoints',
    access,
    description: 'A page of the webhook endpoints, searchable by URL.',
    tags,
    query: webhookEndpointListQuery,
    answer: { 200: listResponse(webhookEndpointSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/webhook-endpoints',
    access,
    summary: 'Register a webhook endpoint',
    description:
      'Registers a URL for the chosen event types and answers its signing secret once. In production the URL must be HTTPS and must not resolve to a private, loopback or link-local address (400 under `url`).',
    tags,
    body: webhookEndpointBody,
    answer: { 201: dataResponse(webhookEndpointSchema.merge(webhookEndpointSecretSchema)) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/webhook-endpoints/:id',
    access,
    description: 'One webhook endpoint.',
    tags,
    params: idParams,
    answer: { 200: dataResponse(webhookEndpointSchema) },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/webhook-endpoints/:id',
    access,
    description:
      'Changes an endpoint: its URL (checked as at registration), its event types, or whether it is active (enabling one disabled after failures clears them).',
    tags,
    params: idParams,
    body: webhookEndpointPatchBody,
    answer: { 200: dataResponse(webhookEndpointSchema) },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/webhook-endpoints/:id',
    access,
    description: 'Removes an endpoint and its delivery log.',
    tags,
    params: idParams,
    answer: { 204: noContent('The endpoint is removed') },
  }),
  secret: endpoint({
    method: 'GET',
    path: '/api/webhook-endpoints/:id/secret',
    access,
    summary: "Reveal an endpoint's signing secret",
    description: 'The `whsec_…` secret the receiver verifies signatures with.',
    tags,
    params: idParams,
    answer: { 200: dataResponse(webhookEndpointSecretSchema) },
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/api/webhook-endpoints/:id/deliveries',
    access,
    summary: 'The delivery log of an endpoint',
    description:
      'A page of its deliveries, newest first, filterable by state, each with every attempt: the request sent, the status answered, the first 1,000 characters of the answer, the time taken.',
    tags,
    params: idParams,
    query: webhookDeliveryListQuery,
    answer: { 200: listResponse(webhookDeliverySchema) },
  }),
  test: endpoint({
    method: 'POST',
    path: '/api/webhook-endpoints/:id/test',
    access,
    summary: 'Send a test event',
    description: 'Queues a `webhook.test` event to this endpoint only; its delivery shows in the log.',
    tags,
    params: idParams,
    answer: { 202: dataResponse(webhookEndpointTestSchema) },
  }),
  replayFailed: endpoint({
    method: 'POST',
    path: '/api/webhook-endpoints/:id/replay',
    access,
    summary: 'Replay failed deliveries',
    description: 'Sends again every failed delivery of the endpoint created since `since`.',
    tags,
    params: idParams,
    body: webhookReplayBody,
    answer: { 202: dataResponse(webhookReplaySchema) },
  }),
  replay: endpoint({
    method: 'POST',
    path: '/api/webhook-deliveries/:id/replay',
    access,
    summary: 'Replay one delivery',
    description: 'Sends one delivery again (the same event id), whatever its state.',
    tags,
    params: idParams,
    answer: { 202: dataResponse(z.object({ replayed: z.number().int() })) },
    refreshes: ['/api/webhook-endpoints'],
  }),
};
