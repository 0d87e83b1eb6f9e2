import { z } from 'zod';
import { dataResponse, noContent } from '../common.js';
import { idParams } from '../validation.js';
import {
  deliveryAreaBody,
  deliveryAreaSchema,
  feeRuleBody,
  feeRuleParams,
  feeRuleSchema,
  quoteBody,
  quoteSchema,
  simulateBody,
  simulationSchema,
  zoneBody,
  zoneFeatureOut,
  zoneImportBody,
  zonePatchBody,
  zoneSchema,
} from '../zones.js';
import { endpoint } from './endpoint.js';

const tags = ['zones'];
const refusals =
  'Refusals say why, 422 with their own code: `in_exclusion`, `outside_service_area`, `outside_restaurant_area`, `below_minimum_order`.';

/** Delivery zones, restaurants' delivery areas, fee rules and quotes (issue 37, decision 0035). */
export const zones = {
  list: endpoint({
    method: 'GET',
    path: '/api/zones',
    access: { permission: 'zones.read' },
    description:
      'Every delivery zone (service areas, fee zones, exclusions), active or not, with its GeoJSON geometry ([lng, lat]), most specific first (priority, then the smaller area). The map draws them all, so the list is not paged.',
    summary: 'Delivery zones',
    tags,
    answer: { 200: dataResponse(z.array(zoneSchema)) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/zones',
    access: { permission: 'zones.write' },
    description:
      'Admin or App Manager draws a zone: a Polygon or MultiPolygon with holes. A polygon with fewer than three points, a point outside the world or an outline that crosses itself (named where) is refused with 400. Audited.',
    summary: 'Add a zone',
    tags,
    body: zoneBody,
    answer: { 201: dataResponse(zoneSchema) },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/zones/:id',
    access: { permission: 'zones.write' },
    description:
      'Changes the given fields of a zone (its vertices, holes, name, kind, priority, active). Placed orders keep the fee they were quoted. Audited, before and after.',
    summary: 'Change a zone',
    tags,
    params: idParams,
    body: zonePatchBody,
    answer: { 200: dataResponse(zoneSchema) },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/zones/:id',
    access: { permission: 'zones.write' },
    description:
      "Removes a zone and its fee rule. A zone that is a restaurant's delivery area is refused with 409 `zone_in_use`. Audited.",
    summary: 'Remove a zone',
    tags,
    params: idParams,
    answer: { 204: noContent('The zone is deleted') },
    refreshes: ['/api/fee-rules'],
  }),
  exportGeojson: endpoint({
    method: 'GET',
    path: '/api/zones/export.geojson',
    access: { permission: 'zones.read' },
    description:
      'Every zone as a GeoJSON FeatureCollection (name, kind, priority and active in the properties).',
    summary: 'Zones as GeoJSON',
    tags,
    answer: { 200: z.object({ type: z.literal('FeatureCollection'), features: z.array(zoneFeatureOut) }) },
  }),
  importGeojson: endpoint({
    method: 'POST',
    path: '/api/zones/import',
    access: { permission: 'zones.write' },
    description:
      'Adds every Polygon or MultiPolygon feature of a GeoJSON FeatureCollection as a zone (properties name, kind, priority, active; a fee zone named after its position by default). All or nothing: one invalid feature refuses the import with 400, its errors under `features.N.geometry`. Audited.',
    summary: 'Import zones from GeoJSON',
    tags,
    body: zoneImportBody,
    answer: { 201: dataResponse(z.array(zoneSchema)) },
  }),
  simulate: endpoint({
    method: 'POST',
    path: '/api/zones/simulate',
    access: { permission: 'zones.write' },
    description:
      'The quote simulator: a point, a restaurant, a time and a basket value give the zones that hold the point, the rules that apply and the breakdown, or the refusal and why. Nothing is stored.',
    summary: 'Simulate a quote',
    tags,
    body: simulateBody,
    answer: { 200: dataResponse(simulationSchema) },
  }),
  feeRules: endpoint({
    method: 'GET',
    path: '/api/fee-rules',
    access: { permission: 'zones.write' },
    description:
      'The fee rules: the global one, per zone and per restaurant. A null field inherits from the less specific rule (restaurant → zone → global → defaults). Amounts in minor units.',
    summary: 'Fee rules',
    tags,
    answer: { 200: dataResponse(z.array(feeRuleSchema)) },
  }),
  putFeeRule: endpoint({
    method: 'PUT',
    path: '/api/fee-rules/:scope/:target',
    access: { permission: 'zones.write' },
    description:
      'Sets the fee rule of the operation (`global/0`), a zone (`zone/:zone_id`) or a restaurant (`restaurant/:restaurant_id`): the fields given; null inherits. Changing a rule never changes a placed order. Audited.',
    summary: 'Set a fee rule',
    tags,
    params: feeRuleParams,
    body: feeRuleBody,
    answer: { 200: dataResponse(feeRuleSchema) },
  }),
  removeFeeRule: endpoint({
    method: 'DELETE',
    path: '/api/fee-rules/:scope/:target',
    access: { permission: 'zones.write' },
    description: 'Removes a fee rule: its fields inherit again. Audited.',
    summary: 'Remove a fee rule',
    tags,
    params: feeRuleParams,
    answer: { 204: noContent('The rule is removed') },
  }),
  deliveryArea: endpoint({
    method: 'GET',
    path: '/api/restaurants/:id/delivery-area',
    access: { permission: 'restaurants.read' },
    description:
      "Where a restaurant delivers: a zone, a radius from the restaurant, or both (the customer inside both); null fields when not set. Restaurant staff read their own restaurant's.",
    summary: "A restaurant's delivery area",
    tags,
    params: idParams,
    answer: { 200: dataResponse(deliveryAreaSchema) },
  }),
  putDeliveryArea: endpoint({
    method: 'PUT',
    path: '/api/restaurants/:id/delivery-area',
    access: { permission: 'zones.write' },
    description:
      "Admin or App Manager sets a restaurant's delivery area (a zone, a radius in metres, or both). Audited.",
    summary: "Set a restaurant's delivery area",
    tags,
    params: idParams,
    body: deliveryAreaBody,
    answer: { 200: dataResponse(deliveryAreaSchema) },
  }),
  quote: endpoint({
    method: 'POST',
    path: '/api/quotes',
    access: { auth: 'app', roles: ['customer'] },
    description: `The customer app asks for the delivery fee before placing: the same restaurant, items and position. The answer is the breakdown (base, distance, small basket, peak, rush, rounding, cap, free) and its total in minor units, with an id that holds for ten minutes: \`POST /api/orders\` with \`quote_id\` freezes it on the order. ${refusals}`,
    summary: 'Quote the delivery fee',
    tags,
    body: quoteBody,
    answer: { 201: dataResponse(quoteSchema) },
  }),
  orderQuote: endpoint({
    method: 'GET',
    path: '/api/orders/:id/delivery-quote',
    access: { permission: 'orders.read' },
    description:
      "The delivery fee's breakdown as it was frozen when the order was placed (404 for orders placed before fee rules existed). Whoever reads the order reads it.",
    summary: "An order's delivery fee breakdown",
    tags,
    params: idParams,
    answer: { 200: dataResponse(quoteSchema) },
  }),
};
