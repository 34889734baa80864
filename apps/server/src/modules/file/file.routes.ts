import { Readable } from 'node:stream';
import { FilePurpose, isStaffKind, RoleKind, zIdParam, zUploadedFile } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden, invalidParams, notFound } from '../../platform/errors';
import { noteSubject } from '../../platform/operation-log';
import { defineFileRoute, defineRoute, type FileReply } from '../../platform/route';
import { findFile, uploadFile } from './file.service';
import type { FileStorage } from './file.storage';
import type { files } from './file.table';
import { canReadFile } from './file-access';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

const INLINE = /^(image\/|video\/|audio\/|application\/pdf$|text\/plain$)/;
const tags = ['file'];

async function download(storage: FileStorage, row: typeof files.$inferSelect): Promise<FileReply> {
  const { stream, size } = await storage.read(row.storageKey);
  return {
    filename: row.name,
    contentType: row.contentType,
    body: stream,
    inline: INLINE.test(row.contentType),
    // A file is never run as a page of ours, whatever it contains.
    headers: {
      'content-length': size,
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, max-age=86400',
    },
  };
}

export function fileRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/api/file/upload',
    summary: 'Upload a file (the body is the file itself; its name in the x-file-name header, URI-encoded)',
    description:
      'purpose: avatar and image ≤ 5 MB, logo ≤ 2 MB (PNG, JPEG, GIF, WebP); document ≤ 50 MB (PDF, Office, text, zip, ' +
      'images); resource ≤ 500 MB (also audio and video). The type is read from the file’s bytes, not taken from the ' +
      'browser. Avatars: anyone logged in; logos: whoever may save the system settings; the rest: staff.',
    tags,
    access: 'login',
    mutates: true,
    querystring: z.object({ purpose: z.enum(FilePurpose) }),
    response: zUploadedFile,
    handler: async ({ ctx, query, req }) => {
      if (query.purpose === 'logo' && !ctx.permissions.has('systemConfig:update')) throw forbidden();
      const staff = isStaffKind((ctx.roleKind ?? RoleKind.Student) as RoleKind);
      if (query.purpose !== 'avatar' && query.purpose !== 'logo' && !staff) throw forbidden();
      const body = req.body;
      if (!(body instanceof Readable) && !Buffer.isBuffer(body)) {
        throw invalidParams('file', 'fileBody');
      }
      const header = req.headers['x-file-name'];
      let name = 'file';
      try {
        name = decodeURIComponent(typeof header === 'string' ? header : 'file');
      } catch {
        throw invalidParams('x-file-name', 'notUriEncoded');
      }
      noteSubject(req, { label: name });
      const file = await uploadFile(ctx, app.storage, query.purpose, name, body);
      noteSubject(req, { ids: [file.id] });
      return file;
    },
  });
  defineFileRoute(app, {
    method: 'GET',
    url: '/api/file/:id',
    summary: 'Download a file of the caller’s organisation',
    description:
      'Readable by whoever may read a record that uses the file (a document for its audience, an avatar by its ' +
      'owner and staff, a question image by those who may read the question), by its uploader, and by staff while ' +
      'nothing uses it yet. Anything else is reported as not found.',
    tags,
    access: 'login',
    params: zIdParam,
    handler: async ({ ctx, params }) => {
      const file = await findFile(ctx.db, ctx.orgId, params.id, false);
      // A file the caller may not read is reported like one that does not exist.
      if (!(await canReadFile(ctx, file))) throw notFound('File');
      return download(app.storage, file);
    },
  });
  defineFileRoute(app, {
    method: 'GET',
    url: '/api/file/public/:id',
    summary: 'Download an organisation logo (public: login pages show it)',
    tags,
    access: 'public',
    params: zIdParam,
    handler: async ({ params }) => download(app.storage, await findFile(app.db, null, params.id, true)),
  });
}
