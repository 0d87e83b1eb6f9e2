import path from 'node:path';
import { dataResponse, imageSchema } from '@dostava/shared';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BadRequest } from '../../lib/errors.js';
import { saveUpload, UPLOADS_PREFIX } from './uploads-service.js';

export async function uploadsRoutes(app: FastifyInstance) {
  const dir = path.join(app.config.dataDir, 'uploads');
  const maxMb = Math.round((app.config.uploadMaxBytes / 1024 / 1024) * 10) / 10;
  await app.register(fastifyMultipart, {
    limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 5, parts: 6 },
  });
  // Uploaded images are public under unguessable names, so <img> tags can load them.
  await app.register(fastifyStatic, {
    root: dir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    immutable: true,
    maxAge: '365d',
    allowedPath: (pathName) => /^\/?[0-9a-f-]{36}\.(png|jpg|webp)$/.test(pathName),
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/uploads',
    {
      config: { auth: 'backoffice', permission: 'uploads.create' },
      schema: {
        description:
          'Stores an image for a restaurant, product or category and answers with the id to put in that record and the URL it is served at. Type and size are checked from the bytes.',
        tags: ['uploads'],
        summary: 'Upload an image (PNG, JPEG or WebP, multipart field `file`)',
        consumes: ['multipart/form-data'],
        response: { 201: dataResponse(imageSchema) },
      },
    },
    async (request, reply) => {
      const actor = request.actor;
      if (!request.isMultipart()) throw new BadRequest({ file: ['validation.file_missing'] });
      const part = await request.file();
      if (!part) throw new BadRequest({ file: ['validation.file_missing'] });
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        throw new BadRequest({ file: [`validation.file_size|${JSON.stringify({ max: maxMb })}`] });
      }
      const image = await saveUpload(app.db, dir, { bytes, original_name: part.filename }, actor.user_id);
      return reply.status(201).send({ data: image });
    },
  );
}
