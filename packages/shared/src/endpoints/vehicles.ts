import { dataResponse, listResponse, noContent } from '../common.js';
import { idParams } from '../validation.js';
import { vehicleBody, vehicleListQuery, vehiclePatchBody, vehicleSchema } from '../vehicles.js';
import { endpoint } from './endpoint.js';

const tags = ['vehicles'];
// The drivers list shows each driver's vehicle.
const refreshes = ['/api/drivers'] as const;

export const vehicles = {
  list: endpoint({
    method: 'GET',
    path: '/api/vehicles',
    access: { permission: 'vehicles.read' },
    description: 'A page of vehicles with the driver each is assigned to.',
    tags,
    query: vehicleListQuery,
    answer: { 200: listResponse(vehicleSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/vehicles',
    access: { permission: 'vehicles.write' },
    description:
      'Adds a vehicle (bike, car or scooter) with its plate number, optionally assigned to a driver who has no vehicle yet.',
    tags,
    body: vehicleBody,
    answer: { 201: dataResponse(vehicleSchema) },
    refreshes,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/vehicles/:id',
    access: { permission: 'vehicles.read' },
    description: 'One vehicle.',
    tags,
    params: idParams,
    answer: { 200: dataResponse(vehicleSchema) },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/vehicles/:id',
    access: { permission: 'vehicles.write' },
    description: 'Changes the given fields of a vehicle, including its driver.',
    tags,
    params: idParams,
    body: vehiclePatchBody,
    answer: { 200: dataResponse(vehicleSchema) },
    refreshes,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/vehicles/:id',
    access: { permission: 'vehicles.write' },
    description: 'Removes a vehicle.',
    tags,
    params: idParams,
    answer: { 204: noContent('The vehicle is deleted') },
    refreshes,
  }),
};
