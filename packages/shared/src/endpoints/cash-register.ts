import {
  endShiftListQuery,
  endShiftRejectBody,
  endShiftRequestDetailSchema,
  endShiftRequestSchema,
} from '../cash-register.js';
import { dataResponse, listResponse } from '../common.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['cash register'];

/** The drivers' end-of-shift requests as the cash register handles them (the driver app files them). */
export const cashRegister = {
  list: endpoint({
    method: 'GET',
    path: '/api/end-shift-requests',
    access: { permission: 'cash.read' },
    description:
      "A page of the drivers' end-of-shift requests, filterable by status and day, with the expected and declared amounts.",
    tags,
    query: endShiftListQuery,
    answer: { 200: listResponse(endShiftRequestSchema) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/end-shift-requests/:id',
    access: { permission: 'cash.read' },
    description: 'One end-of-shift request with the orders of its shift and the amounts they add up to.',
    tags,
    params: idParams,
    answer: { 200: dataResponse(endShiftRequestDetailSchema) },
  }),
  collect: endpoint({
    method: 'POST',
    path: '/api/end-shift-requests/:id/collect',
    access: { permission: 'cash.handle' },
    description:
      "Records that the cash was received and closes the driver's shift. Only a pending request can be collected; a race is a conflict (409).",
    summary: 'Collect the cash of an end-of-shift request',
    tags,
    params: idParams,
    answer: { 200: dataResponse(endShiftRequestDetailSchema) },
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/end-shift-requests/:id/reject',
    access: { permission: 'cash.handle' },
    description: 'Sends the request back to the driver with a reason; the shift stays open.',
    summary: 'Reject an end-of-shift request',
    tags,
    params: idParams,
    body: endShiftRejectBody,
    answer: { 200: dataResponse(endShiftRequestDetailSchema) },
  }),
};
