import { z } from 'zod';
import { dataResponse, imageSchema, listMetaSchema } from '../common.js';
import { dashboardQuery } from '../dashboard.js';
import {
  incidentAnalyticsSchema,
  incidentBody,
  incidentCountsSchema,
  incidentListQuery,
  incidentResolveBody,
  incidentSchema,
  incidentSettingsBody,
  incidentSettingsSchema,
  incidentStatusBody,
  orderRefundsSchema,
  refundBody,
  refundListQuery,
  refundRejectBody,
  refundSchema,
} from '../incidents.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';
import { fileAnswer } from './files.js';

const tags = ['incidents'];
const refundTags = ['refunds'];

/** Incidents on orders and the partial refunds that settle them (issue 38, decision 0036). */
export const incidents = {
  list: endpoint({
    method: 'GET',
    path: '/api/incidents',
    access: { permission: 'incidents.read' },
    description:
      "A page of incidents, newest first, filterable by status, type, restaurant, driver, order and day of reporting. Restaurant staff see their own restaurant's only.",
    tags,
    query: incidentListQuery,
    answer: { 200: z.object({ data: z.array(incidentSchema), meta: listMetaSchema }) },
  }),
  analytics: endpoint({
    method: 'GET',
    path: '/api/incidents/analytics',
    access: { permission: 'incidents.read' },
    description:
      "Incidents reported and refunds approved in a period (the dashboard's periods), by type, restaurant, driver and payer, with the incident rate (incidents / delivered orders) per restaurant and per driver. Amounts in minor units. Restaurant staff see their own restaurant's.",
    tags,
    query: dashboardQuery,
    answer: { 200: dataResponse(incidentAnalyticsSchema) },
  }),
  analyticsCsv: endpoint({
    method: 'GET',
    path: '/api/incidents/analytics.csv',
    access: { permission: 'incidents.read' },
    description:
      'The same figures as a CSV file (UTF-8 with a byte-order mark, amounts in major units): one row per type, restaurant, driver and payer.',
    summary: 'Incident and refund figures of a period as CSV',
    tags,
    query: dashboardQuery,
    answer: { 200: fileAnswer('The figures as CSV', 'text/csv') },
  }),
  counts: endpoint({
    method: 'GET',
    path: '/api/incidents/counts',
    access: { permission: 'incidents.read' },
    description: 'How many incidents are open and in progress (the dispatch board shows the count).',
    tags,
    answer: { 200: dataResponse(incidentCountsSchema) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/incidents/:id',
    access: { permission: 'incidents.read' },
    description: "One incident. Another restaurant's incident is not found for restaurant staff.",
    tags,
    params: idParams,
    answer: { 200: dataResponse(incidentSchema) },
  }),
  report: endpoint({
    method: 'POST',
    path: '/api/orders/:id/incidents',
    access: { permission: 'incidents.report' },
    description:
      'Reports an incident on an order: a type, the affected lines and quantities (lines of this order, at most what was ordered), photos uploaded before by the reporter, a comment. Restaurant staff report on their own orders only.',
    summary: 'Report an incident on an order',
    tags,
    params: idParams,
    body: incidentBody,
    answer: { 201: dataResponse(incidentSchema) },
    refreshes: ['/api/incidents'],
  }),
  driverReport: endpoint({
    method: 'POST',
    path: '/api/driver/orders/:id/incidents',
    access: { auth: 'app', roles: ['driver'] },
    description:
      'The driver app reports an incident on one of the driver’s own orders (another order is not found).',
    summary: 'Report an incident on my delivery',
    tags: ['driver app'],
    params: idParams,
    body: incidentBody,
    answer: { 201: dataResponse(incidentSchema) },
  }),
  driverPhoto: endpoint({
    method: 'POST',
    path: '/api/driver/uploads',
    access: { auth: 'app', roles: ['driver'] },
    summary: 'Upload a photo for an incident (PNG, JPEG or WebP, multipart field `file`)',
    description:
      'The driver app uploads a photo first, then names its id in `photo_ids` of the incident it reports. Type and size are checked from the bytes, as for staff uploads.',
    tags: ['driver app'],
    consumes: ['multipart/form-data'],
    answer: { 201: dataResponse(imageSchema) },
  }),
  status: endpoint({
    method: 'POST',
    path: '/api/incidents/:id/status',
    access: { permission: 'incidents.manage' },
    description:
      'Moves an incident: open → in progress, or dismissed (with a reason) from open or in progress. A closed incident does not move (409).',
    tags,
    params: idParams,
    body: incidentStatusBody,
    answer: { 200: dataResponse(incidentSchema) },
  }),
  resolve: endpoint({
    method: 'POST',
    path: '/api/incidents/:id/resolve',
    access: { permission: 'incidents.manage' },
    description:
      'Resolves an incident with a reason: a refund (one refund of the incident, not rejected, must exist: 422 otherwise), a redelivery, or no action.',
    tags,
    params: idParams,
    body: incidentResolveBody,
    answer: { 200: dataResponse(incidentSchema) },
    refreshes: ['/api/orders'],
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/incident-settings',
    access: { permission: 'incidents.settings' },
    description: 'The refund rules: the approval threshold and whether a driver may be charged.',
    tags,
    answer: { 200: dataResponse(incidentSettingsSchema) },
  }),
  updateSettings: endpoint({
    method: 'PATCH',
    path: '/api/incident-settings',
    access: { permission: 'incidents.settings' },
    description: 'Changes the refund rules (audited).',
    tags,
    body: incidentSettingsBody,
    answer: { 200: dataResponse(incidentSettingsSchema) },
  }),
  orderRefunds: endpoint({
    method: 'GET',
    path: '/api/orders/:id/refunds',
    access: { permission: 'incidents.read' },
    description:
      'What the customer paid for an order, what was refunded and what is left, line by line, with its refunds.',
    tags: refundTags,
    params: idParams,
    answer: { 200: dataResponse(orderRefundsSchema) },
  }),
  refund: endpoint({
    method: 'POST',
    path: '/api/orders/:id/refunds',
    access: { permission: 'incidents.manage' },
    description:
      'A partial refund: some quantity of some lines, the delivery fee, a fixed amount. All refunds of an order together never exceed what the customer paid (the database refuses it, under concurrent requests too: 422 refund_exceeds). Requires an Idempotency-Key header (8–100 letters, digits, - or _): the same key again returns the first refund (200) instead of refunding twice. Over the approval threshold it waits for an Admin or App Manager (status pending_approval), unless one of them asks.',
    summary: 'Refund part of an order',
    tags: refundTags,
    params: idParams,
    body: refundBody,
    answer: { 200: dataResponse(refundSchema), 201: dataResponse(refundSchema) },
    refreshes: ['/api/incidents', '/api/refunds'],
  }),
  refunds: endpoint({
    method: 'GET',
    path: '/api/refunds',
    access: { permission: 'incidents.manage' },
    description:
      'A page of refunds, filterable by status (the approvals waiting), restaurant, liable party and settlement.',
    tags: refundTags,
    query: refundListQuery,
    answer: { 200: z.object({ data: z.array(refundSchema), meta: listMetaSchema }) },
  }),
  approveRefund: endpoint({
    method: 'POST',
    path: '/api/refunds/:id/approve',
    access: { permission: 'refunds.approve' },
    description: 'Admin and App Manager: approves a refund waiting for approval (once; 409 after).',
    tags: refundTags,
    params: idParams,
    answer: { 200: dataResponse(refundSchema) },
    refreshes: ['/api/orders', '/api/incidents'],
  }),
  rejectRefund: endpoint({
    method: 'POST',
    path: '/api/refunds/:id/reject',
    access: { permission: 'refunds.approve' },
    description:
      'Admin and App Manager: rejects a refund waiting for approval, with a reason; what it held back is free again.',
    tags: refundTags,
    params: idParams,
    body: refundRejectBody,
    answer: { 200: dataResponse(refundSchema) },
    refreshes: ['/api/orders', '/api/incidents'],
  }),
};
