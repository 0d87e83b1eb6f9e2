import { z } from 'zod';
import { dataResponse, listResponse } from '../common.js';
import { driverCandidateSchema } from '../drivers.js';
import {
  boardCountsQuery,
  boardCountsSchema,
  orderAssignBody,
  orderCreateBody,
  orderListItemSchema,
  orderListQuery,
  orderMapQuery,
  orderMapSchema,
  orderSchema,
  orderStatusBody,
  orderUnassignBody,
} from '../orders.js';
import { dateRangeRule, idParams } from '../validation.js';
import { endpoint } from './endpoint.js';
import { fileAnswer, XLSX_TYPE } from './files.js';

const tags = ['orders'];
/** An export takes the list's filters, not its page nor its order, nor the board's live suggestions. */
const exportQuery = orderListQuery
  .omit({ page: true, per_page: true, sort: true, suggested: true })
  .superRefine(dateRangeRule);
// Who could take an order, and who carries what, change with every assignment.
const refreshes = ['/api/drivers'] as const;

export const orders = {
  list: endpoint({
    method: 'GET',
    path: '/api/orders',
    access: { permission: 'orders.read' },
    description:
      "A page of orders, filterable by status, restaurant, driver, creation time (from/to) and board lane, sorted by urgency for the board (or, in suggest mode, with the orders dispatch suggests a driver for first, and `suggested=true` for those alone: both need the dispatch permission), searchable by (part of) the number or the customer; a dispatcher sees active orders, and with a search also any order of the last two days (the same rule as for one order). Restaurant staff see their restaurant's orders only.",
    tags,
    query: orderListQuery.superRefine(dateRangeRule),
    answer: { 200: listResponse(orderListItemSchema) },
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/orders/export.csv',
    access: { permission: 'orders.export' },
    description:
      "The orders the same filters select, as a CSV file streamed row by row: UTF-8 with a byte-order mark, amounts in major units, times in the operation's time zone as 'YYYY-MM-DD HH:mm:ss'.",
    summary: 'The filtered orders as CSV, streamed',
    tags,
    query: exportQuery,
    answer: { 200: fileAnswer('The orders as CSV', 'text/csv') },
  }),
  exportXlsx: endpoint({
    method: 'GET',
    path: '/api/orders/export.xlsx',
    access: { permission: 'orders.export' },
    description:
      "The same orders as the CSV, as a spreadsheet (.xlsx) streamed row by row: amounts as numbers in major units, times as date-times in the operation's time zone.",
    summary: 'The filtered orders as a spreadsheet, streamed',
    tags,
    query: exportQuery,
    answer: { 200: fileAnswer('The orders as a spreadsheet', XLSX_TYPE) },
  }),
  lanes: endpoint({
    method: 'GET',
    path: '/api/orders/lanes',
    access: { permission: 'orders.read' },
    description:
      'How many active orders each lane of the dispatch board holds (new, preparing, ready without a driver, awaiting pickup, in delivery, problems) and how many are late, with the same restaurant, driver, zone and search filters as the list. Restaurant staff count their own restaurant only.',
    summary: "The board's lanes with their counts of active orders",
    tags,
    query: boardCountsQuery,
    answer: { 200: dataResponse(boardCountsSchema) },
  }),
  map: endpoint({
    method: 'GET',
    path: '/api/orders/map',
    access: { permission: 'orders.read' },
    description:
      'Every active order the caller may see (up to 2,000; of one delivery zone with `zone_id`) with its drop-off point, status and driver, and the restaurants they come from with their count of active orders.',
    summary: "Active orders' drop-off points and their restaurants, for the map",
    tags,
    query: orderMapQuery,
    answer: { 200: dataResponse(orderMapSchema) },
  }),
  driverCandidates: endpoint({
    method: 'GET',
    path: '/api/orders/:id/driver-candidates',
    access: { permission: 'orders.dispatch' },
    description:
      "Drivers on shift with their state (available, assigned, delivering), the orders they carry, the straight-line distance from their last location to the order's restaurant and that location's time; free drivers first, then fresh locations, then the nearest, then the least loaded.",
    summary: 'Drivers who could take the order, fittest first',
    tags,
    params: idParams,
    answer: { 200: z.object({ data: z.array(driverCandidateSchema) }) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/orders/:id',
    access: { permission: 'orders.read' },
    description:
      'One order with its items, customer, driver and status history. A dispatcher reaches active orders and those of the last two days only; an older finished order is not found (404), as in the list.',
    tags,
    params: idParams,
    answer: { 200: dataResponse(orderSchema) },
  }),
  changeStatus: endpoint({
    method: 'POST',
    path: '/api/orders/:id/status',
    access: { permission: 'orders.status' },
    description:
      "Moves an order to a next status the order state machine allows for the caller's role (a cancellation takes a reason). A race with another change is a conflict (409).",
    summary: 'Change the status of an order',
    tags,
    params: idParams,
    body: orderStatusBody,
    answer: { 200: dataResponse(orderSchema) },
  }),
  assign: endpoint({
    method: 'POST',
    path: '/api/orders/:id/assign',
    access: { permission: 'orders.dispatch' },
    description: 'Gives the order to an available driver on shift; the driver app sees it at once.',
    summary: 'Assign a driver to an order',
    tags,
    params: idParams,
    body: orderAssignBody,
    answer: { 200: dataResponse(orderSchema) },
    refreshes,
  }),
  unassign: endpoint({
    method: 'POST',
    path: '/api/orders/:id/unassign',
    access: { permission: 'orders.dispatch' },
    description: 'Removes the driver from an order that is not picked up yet, with an optional reason.',
    summary: 'Take an order from its driver',
    tags,
    params: idParams,
    body: orderUnassignBody,
    answer: { 200: dataResponse(orderSchema) },
    refreshes,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/orders',
    // The customer app places orders.
    access: { auth: 'app', roles: ['customer'] },
    description:
      'The customer app places an order at one restaurant: items, delivery address and position, payment. Prices come from the menu, not from the request. A restaurant outside its opening hours (422 `restaurant_closed`) or paused (422 `restaurant_paused`) takes no order, nor is one with a product out of stock taken (422 `product_snoozed`, the products named in `errors`); the message says when it takes orders again, and nothing is stored. The menu (`ordering`, `snoozed`) says all of this beforehand.',
    summary: 'Customer app: place an order',
    tags,
    body: orderCreateBody,
    // With the customer's tracking link (issue 39): `/t/<tracking_token>` on the operation's site.
    answer: { 201: dataResponse(orderSchema.extend({ tracking_token: z.string().nullable() })) },
  }),
};
