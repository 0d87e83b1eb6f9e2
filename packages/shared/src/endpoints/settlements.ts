import { z } from 'zod';
import { dataResponse, listResponse, noContent } from '../common.js';
import { paymentOrderSchema, settlementBody, settlementListQuery, settlementSchema } from '../settlements.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';
import { fileAnswer, XLSX_TYPE } from './files.js';

const tags = ['settlements'];
const access = { permission: 'settlements.manage' } as const;

export const settlements = {
  list: endpoint({
    method: 'GET',
    path: '/api/settlements',
    access,
    description: 'A page of restaurant settlements, filterable by restaurant and status.',
    tags,
    query: settlementListQuery,
    answer: { 200: listResponse(settlementSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/settlements',
    access,
    description:
      "Computes a settlement for one restaurant over a period of days (in the operation's time zone) from its delivered orders.",
    tags,
    body: settlementBody,
    answer: { 201: dataResponse(settlementSchema) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/settlements/:id',
    access,
    description: 'One settlement with its totals.',
    tags,
    params: idParams,
    answer: { 200: dataResponse(settlementSchema) },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/settlements/:id',
    access,
    description: 'Removes a settlement that is not approved yet.',
    tags,
    params: idParams,
    answer: { 204: noContent('The settlement is deleted') },
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/settlements/:id/approve',
    access,
    description: 'Approves a draft settlement; an approved settlement no longer changes.',
    summary: 'Approve a settlement',
    tags,
    params: idParams,
    answer: { 200: dataResponse(settlementSchema) },
    // The meals the settlement covers are now settled.
    refreshes: ['/api/driver-meals'],
  }),
  createPaymentOrders: endpoint({
    method: 'POST',
    path: '/api/settlements/:id/payment-orders',
    access,
    description: 'Creates the payment orders of an approved settlement.',
    summary: 'Create the payment orders of a settlement',
    tags,
    params: idParams,
    answer: { 200: dataResponse(settlementSchema) },
  }),
  paymentOrders: endpoint({
    method: 'GET',
    path: '/api/settlements/:id/payment-orders',
    access,
    description:
      "The approved settlement's bank payment orders (amounts in minor units), as the printable view shows them: the same as the CSV. A settlement not approved yet is refused (422).",
    summary: 'The payment orders of a settlement',
    tags,
    params: idParams,
    answer: { 200: z.object({ data: z.array(paymentOrderSchema) }) },
  }),
  paymentOrdersCsv: endpoint({
    method: 'GET',
    path: '/api/settlements/:id/payment-orders.csv',
    access,
    description:
      "The settlement's payment orders as a CSV file for the bank (UTF-8 with a byte-order mark, amounts in major units). A settlement not approved yet is refused (422).",
    summary: 'The payment orders of a settlement as CSV',
    tags,
    params: idParams,
    answer: { 200: fileAnswer('The payment orders as CSV', 'text/csv') },
  }),
  paymentOrdersXlsx: endpoint({
    method: 'GET',
    path: '/api/settlements/:id/payment-orders.xlsx',
    access,
    description:
      "The settlement's payment orders as a spreadsheet (.xlsx), the same rows as the CSV. A settlement not approved yet is refused (422).",
    summary: 'The payment orders of a settlement as a spreadsheet',
    tags,
    params: idParams,
    answer: { 200: fileAnswer('The payment orders as spreadsheet (.xlsx)', XLSX_TYPE) },
  }),
};
