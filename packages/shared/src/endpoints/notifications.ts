import { z } from 'zod';
import { dataResponse } from '../common.js';
import {
  customerContactBody,
  customerContactSchema,
  notificationLogSchema,
  notificationSettingsBody,
  notificationSetupSchema,
  notificationTemplateSchema,
  templateBodySchema,
  templateParams,
  templatePreviewBody,
  templatePreviewSchema,
} from '../notifications.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['notifications'];
const manage = { permission: 'notifications.manage' } as const;

export const notifications = {
  setup: endpoint({
    method: 'GET',
    path: '/api/notifications/settings',
    access: manage,
    summary: 'Customer notification rules and channels',
    description:
      'Quiet hours, the lateness that triggers "late", the per-order cap, the "arriving" distance, how long a tracking link lives after delivery, and which channels (push, SMS) the server has configured: an unconfigured channel records messages as not sent.',
    tags,
    answer: { 200: dataResponse(notificationSetupSchema) },
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/notifications/settings',
    access: manage,
    summary: 'Save the customer notification rules',
    description: 'Replaces the rules. Quiet hours need both ends (or neither). Audited.',
    tags,
    body: notificationSettingsBody,
    answer: { 200: dataResponse(notificationSetupSchema) },
  }),
  templates: endpoint({
    method: 'GET',
    path: '/api/notifications/templates',
    access: manage,
    summary: 'Message templates',
    description: 'The text of each event in each language, the saved one or the default.',
    tags,
    answer: { 200: z.object({ data: z.array(notificationTemplateSchema) }) },
  }),
  saveTemplate: endpoint({
    method: 'PUT',
    path: '/api/notifications/templates/:event/:language',
    access: manage,
    summary: 'Save a message template',
    description:
      'Saves the text of one event in one language. Placeholders: {order_number}, {restaurant}, {minutes}, {link}; another is refused under `body`. Audited.',
    tags,
    params: templateParams,
    body: templateBodySchema,
    answer: { 200: dataResponse(notificationTemplateSchema) },
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/notifications/preview',
    access: manage,
    summary: 'Preview a template',
    description: 'The text a template gives for a sample order, and its length, before it is saved.',
    tags,
    body: templatePreviewBody,
    answer: { 200: dataResponse(templatePreviewSchema) },
  }),
  orderLog: endpoint({
    method: 'GET',
    path: '/api/orders/:id/notifications',
    access: { permission: 'orders.read' },
    summary: "Messages sent to an order's customer",
    description:
      "What was sent to the customer about this order, when, by which channel and the provider's answer, and what was held back and why.",
    tags,
    params: idParams,
    answer: { 200: z.object({ data: z.array(notificationLogSchema) }) },
  }),
  contact: endpoint({
    method: 'PUT',
    path: '/api/notifications/me',
    access: { auth: 'app', roles: ['customer'] },
    summary: 'Customer app: push token and opt-out',
    description:
      "The customer app registers its Firebase push token and the customer's choice to receive no messages at all.",
    tags,
    body: customerContactBody,
    answer: { 200: dataResponse(customerContactSchema) },
  }),
};
