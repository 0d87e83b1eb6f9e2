import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { endpoints } from '@dostava/shared/endpoints';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { BadRequest, NotFound } from '../../lib/errors.js';
import { type Handler, route } from '../../lib/routes.js';
import { privateDir, privateImage, saveUpload, UPLOADS_PREFIX } from './uploads-service.js';

export async function uploadsRoutes(app: FastifyInstance) {
  const dir = path.join(app.config.dataDir, 'uploads');
  const dirs = { public: dir, private: privateDir(app.config.dataDir) };
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

  const receive = async (
    request: Parameters<Handler<typeof endpoints.uploads.image>>[0],
    reply: Parameters<Handler<typeof endpoints.uploads.image>>[1],
    isPrivate: boolean,
  ) => {
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
    const image = await saveUpload(
      app.db,
      isPrivate ? dirs.private : dirs.public,
      { bytes, original_name: part.filename },
      actor.user_id,
      isPrivate,
    );
    return reply.status(201).send({ data: image });
  };
  route(app, endpoints.uploads.image, (request, reply) =>
    receive(request, reply, request.query.kind === 'private'),
  );
  // The driver app's incident photos, proofs and signatures (issue 38): the same checks, a driver's
  // token, always private.
  route(app, endpoints.incidents.driverPhoto, (request, reply) =>
    receive(request as never, reply as never, true),
  );
  // Private images are read through here, never from the public folder (issue 38).
  route(app, endpoints.uploads.privateImage, async (request, reply) => {
    const image = await privateImage(app.db, request.actor, request.params.id);
    const bytes = await readFile(path.join(dirs.private, image.file_name)).catch(() => null);
    if (!bytes) throw new NotFound();
    reply
      .header('content-type', image.mime_type)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    return reply.send(bytes);
  });
}
