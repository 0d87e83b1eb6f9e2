import { z } from 'zod';
import { dataResponse, listResponse } from '../common.js';
import {
  driverListQuery,
  driverSchema,
  PLANNED_END_MAX_HOURS,
  plannedEndBody,
  plannedEndSchema,
} from '../drivers.js';
import { breaksQuery, breaksResponse, driverLocationSchema } from '../locations.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['drivers'];

/** Drivers are addressed by their user id. */
export const drivers = {
  list: endpoint({
    method: 'GET',
    path: '/api/drivers',
    access: { permission: 'drivers.read' },
    description:
      'A page of drivers with their shift state, vehicle and last position time, filterable by state.',
    tags,
    query: driverListQuery,
    answer: { 200: listResponse(driverSchema) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/drivers/:id',
    access: { permission: 'drivers.read' },
    description: 'One driver (addressed by their user id).',
    tags,
    params: idParams,
    answer: { 200: dataResponse(driverSchema) },
  }),
  locations: endpoint({
    method: 'GET',
    path: '/api/drivers/locations',
    access: { permission: 'drivers.read' },
    description:
      'Every driver on shift with the last known position, vehicle and state, for the dispatch map. The live updates come over /api/events.',
    summary: 'Drivers on shift for the map',
    tags,
    answer: { 200: z.object({ data: z.array(driverLocationSchema) }) },
  }),
  breaks: endpoint({
    method: 'GET',
    path: '/api/drivers/:id/breaks',
    access: { permission: 'drivers.read' },
    description: "A driver's breaks between two days (in the operation's time zone), with a total per day.",
    summary: "A driver's breaks",
    tags,
    params: idParams,
    query: breaksQuery,
    answer: { 200: breaksResponse },
  }),
  setPlannedEnd: endpoint({
    method: 'PUT',
    path: '/api/drivers/:id/planned-end',
    access: { permission: 'orders.dispatch' },
    description: `Staff set when a driver on shift plans to stop (ISO 8601 with offset, in the future, within ${PLANNED_END_MAX_HOURS} hours), or clear it with null; audited. Dispatch offers no pickup the driver cannot make before it. 422 \`not_on_shift\` when the driver has no open shift.`,
    summary: "Plan the end of a driver's shift",
    tags,
    params: idParams,
    body: plannedEndBody,
    answer: { 200: dataResponse(plannedEndSchema) },
  }),
};
