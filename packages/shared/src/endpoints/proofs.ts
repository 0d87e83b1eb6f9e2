import { dataResponse } from '../common.js';
import {
  driverProofSchema,
  orderProofSchema,
  proofPhotoBody,
  proofSettingsBody,
  proofSettingsSchema,
} from '../proofs.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';

const tags = ['proof of delivery'];
const driver = { auth: 'app', roles: ['driver'] } as const;

/** Proof of delivery (issue 38, decision 0036): the rules, an order's proof, the driver's late photo. */
export const proofs = {
  settings: endpoint({
    method: 'GET',
    path: '/api/proof-settings',
    access: { permission: 'proofs.settings' },
    description:
      "What a delivery needs (nothing, a photo, the customer's PIN, a signature): the operation's default, the restaurants with their own, the rule by order value, the grace period for a late photo and how long images are kept.",
    tags,
    answer: { 200: dataResponse(proofSettingsSchema) },
  }),
  updateSettings: endpoint({
    method: 'PATCH',
    path: '/api/proof-settings',
    access: { permission: 'proofs.settings' },
    description:
      'Changes the proof rules (audited). `restaurants` replaces the whole list of restaurants with their own requirement. Orders placed before keep the requirement they were placed with.',
    tags,
    body: proofSettingsBody,
    answer: { 200: dataResponse(proofSettingsSchema) },
  }),
  order: endpoint({
    method: 'GET',
    path: '/api/orders/:id/proof',
    access: { permission: 'proofs.read' },
    description:
      "An order's proof of delivery: what it needed, the PIN confirmed (never the PIN), the photo and signature (read with GET /api/uploads/private/{id}), where and when. Another restaurant's order is 403 to restaurant staff.",
    tags,
    params: idParams,
    answer: { 200: dataResponse(orderProofSchema) },
  }),
  driverOrder: endpoint({
    method: 'GET',
    path: '/api/driver/orders/:id/proof',
    access: driver,
    description:
      "What the driver must collect before marking the order delivered (send it as `proof` with the status `delivered`): a photo or signature uploaded with POST /api/driver/uploads, or the PIN the customer gives. Another driver's order is not found.",
    summary: 'Driver app: the proof my delivery needs',
    tags: ['driver app'],
    params: idParams,
    answer: { 200: dataResponse(driverProofSchema) },
  }),
  addPhoto: endpoint({
    method: 'POST',
    path: '/api/driver/orders/:id/proof/photo',
    access: driver,
    description:
      'Adds the photo that could not be sent at the door (the order was delivered with `photo_pending`), within the grace period after the delivery (422 `proof_photo_closed` after it, 409 `proof_photo_added` when it is there already).',
    summary: 'Driver app: add the photo of my delivery later',
    tags: ['driver app'],
    params: idParams,
    body: proofPhotoBody,
    answer: { 200: dataResponse(driverProofSchema) },
    refreshes: ['/api/orders'],
  }),
};
