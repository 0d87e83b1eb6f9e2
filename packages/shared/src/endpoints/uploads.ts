import { dataResponse, imageSchema } from '../common.js';
import { endpoint } from './endpoint.js';

export const uploads = {
  image: endpoint({
    method: 'POST',
    path: '/api/uploads',
    // A permission implies a back-office token.
    access: { permission: 'uploads.create' },
    summary: 'Upload an image (PNG, JPEG or WebP, multipart field `file`)',
    description:
      'Stores an image for a restaurant, product or category and answers with the id to put in that record and the URL it is served at. Type and size are checked from the bytes.',
    tags: ['uploads'],
    consumes: ['multipart/form-data'],
    answer: { 201: dataResponse(imageSchema) },
  }),
};
