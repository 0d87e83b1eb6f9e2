import path from 'node:path';
import { endpoints } from '@dostava/shared/endpoints';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { BadRequest } from '../../lib/errors.js';
import { type Handler, route } from '../../lib/routes.js';
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

  const receive: Handler<typeof endpoints.uploads.image> = async (request, reply) => {
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
  };
  route(app, endpoints.uploads.image, receive);
  // The driver app's incident photos (issue 38): the same checks, a driver's token.
  route(app, endpoints.incidents.driverPhoto, receive as Handler<typeof endpoints.incidents.driverPhoto>);
}
