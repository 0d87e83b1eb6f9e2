import { z } from 'zod';
import { dataResponse, noContent } from '../common.js';
import {
  ratingsQuery,
  ratingsSummarySchema,
  trackingLinkSchema,
  trackingRatingBody,
  trackingTokenParams,
  trackingViewSchema,
} from '../tracking.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['tracking'];
const staff = { permission: 'tracking.manage' } as const;

export const tracking = {
  ratings: endpoint({
    method: 'GET',
    // Not under /api/tracking/: that prefix's one-segment paths are the public `:token` reads.
    path: '/api/ratings',
    access: { permission: 'dashboard.read' },
    summary: "Customers' ratings per restaurant and driver",
    description:
      "The count and mean of the customers' ratings (tracking page) over the last `days` days (default 30), per restaurant, most rated first (restaurant staff: their own restaurant), and per driver for Admins and App Managers. Top 10 of each.",
    tags,
    query: ratingsQuery,
    answer: { 200: dataResponse(ratingsSummarySchema) },
  }),
  view: endpoint({
    method: 'GET',
    path: '/api/tracking/:token',
    access: { auth: 'public' },
    summary: 'Public: follow an order by its tracking link',
    description:
      "The customer's tracking page asks this every two seconds, without signing in: the order's restaurant, status timeline, promise, the current prediction and why it moved, and while the driver heads to this customer their first name, vehicle and position (in a batch, how many stops come first and no position). After delivery the time it arrived and whether it may be rated. No phone, no address beyond the street, nothing of other orders. An unknown, revoked or expired token is the same 404. Rate limited per token and per client.",
    tags,
    params: trackingTokenParams,
    answer: { 200: dataResponse(trackingViewSchema) },
  }),
  rate: endpoint({
    method: 'POST',
    path: '/api/tracking/:token/rating',
    access: { auth: 'public' },
    summary: 'Public: rate a delivered order',
    description:
      'The customer rates the delivered order 1–5 with an optional comment, once (422 `tracking_rated` the second time, 422 `tracking_not_delivered` before delivery). Staff see it on the order.',
    tags,
    params: trackingTokenParams,
    body: trackingRatingBody,
    answer: { 204: noContent('The rating is saved') },
  }),
  link: endpoint({
    method: 'GET',
    path: '/api/orders/:id/tracking',
    access: staff,
    summary: "An order's tracking link",
    description:
      "The order's live tracking link (to copy and send by hand), when it stops working, and the customer's rating. Whoever reads the order may see it.",
    tags,
    params: idParams,
    answer: { 200: dataResponse(trackingLinkSchema) },
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/api/orders/:id/tracking/revoke',
    access: staff,
    summary: "Revoke an order's tracking link",
    description:
      'The live link stops working at once (its page answers 404 like an unknown one). 422 `tracking_not_live` when there is none. Audited.',
    tags,
    params: idParams,
    body: z.object({}).optional(),
    answer: { 200: dataResponse(trackingLinkSchema) },
  }),
  reissue: endpoint({
    method: 'POST',
    path: '/api/orders/:id/tracking/reissue',
    access: staff,
    summary: 'Issue a new tracking link',
    description: 'A new link for the order; the previous one, if live, stops working. Audited.',
    tags,
    params: idParams,
    body: z.object({}).optional(),
    answer: { 200: dataResponse(trackingLinkSchema) },
  }),
};
