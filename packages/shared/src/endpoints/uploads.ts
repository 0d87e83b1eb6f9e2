import { dataResponse, imageSchema } from '../common.js';
import { uploadQuery } from '../uploads.js';
import { idParams } from '../validation.js';
import { endpoint } from './endpoint.js';
import { fileAnswer } from './files.js';

export const uploads = {
  image: endpoint({
    method: 'POST',
    path: '/api/uploads',
    // A permission implies a back-office token.
    access: { permission: 'uploads.create' },
    summary: 'Upload an image (PNG, JPEG or WebP, multipart field `file`)',
    description:
      'Stores an image for a restaurant, product or category and answers with the id to put in that record and the URL it is served at. Type and size are checked from the bytes. `kind=private` (incident photos): the image is served only through GET /api/uploads/private/{id}, to those who may read the order it is attached to.',
    tags: ['uploads'],
    query: uploadQuery,
    consumes: ['multipart/form-data'],
    answer: { 201: dataResponse(imageSchema) },
  }),
  privateImage: endpoint({
    method: 'GET',
    path: '/api/uploads/private/:id',
    access: { auth: 'any' },
    summary: 'Read a private image (proof of delivery, incident photo)',
    description:
      "A private image, to its uploader and to those who may read the order it is attached to: Admin, App Manager, dispatchers, the order's restaurant staff (another restaurant's: 403) and the order's driver (another driver: 404). Never cached by shared caches.",
    tags: ['uploads'],
    params: idParams,
    answer: { 200: fileAnswer('The image', 'image/*') },
  }),
};
