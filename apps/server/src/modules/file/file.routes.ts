import { Readable } from 'node:stream';
import { api, isStaffKind, RoleKind } from '@lyceum/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, invalidParams, notFound } from '../../platform/errors';
import { noteSubject } from '../../platform/operation-log';
import { defineEndpoint, defineFileEndpoint, type FileReply } from '../../platform/route';
import { linkSnapshot, openAttemptForSnapshot } from '../exam/attempt.service';
import { findFile, uploadFile } from './file.service';
import type { FileStorage } from './file.storage';
import type { files } from './file.table';
import { canReadFile } from './file-access';
import { resolveRange } from './file-range';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

const INLINE = /^(image\/|video\/|audio\/|application\/pdf$|text\/plain$)/;

// A download, or the one byte range the request asks for (206; 416 when past the end).
async function download(
  storage: FileStorage,
  row: typeof files.$inferSelect,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FileReply> {
  const asked = resolveRange(req.headers.range, row.size);
  const base = {
    filename: row.name,
    contentType: row.contentType,
    inline: INLINE.test(row.contentType),
  };
  // A file is never run as a page of ours, whatever it contains.
  const headers = {
    'accept-ranges': 'bytes',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, max-age=86400',
  };
  if (asked.kind === 'unsatisfiable') {
    reply.code(416);
    return { ...base, body: Buffer.alloc(0), headers: { ...headers, 'content-range': `bytes */${row.size}` } };
  }
  const range = asked.kind === 'part' ? asked.range : undefined;
  const { stream, size } = await storage.read(row.storageKey, range);
  if (!range) return { ...base, body: stream, headers: { ...headers, 'content-length': size } };
  reply.code(206);
  return {
    ...base,
    body: stream,
    headers: {
      ...headers,
      'content-length': range.end - range.start + 1,
      'content-range': `bytes ${range.start}-${range.end}/${size}`,
    },
  };
}

export function fileRoutes(app: FastifyInstance) {
  defineEndpoint(app, api.file.upload, async ({ ctx, query, req }) => {
    if (query.purpose === 'logo' && !ctx.permissions.has('systemConfig:update')) throw forbidden();
    const staff = isStaffKind((ctx.roleKind ?? RoleKind.Student) as RoleKind);
    // Students upload their own avatar, on exam day camera snapshots, and a leave request's evidence.
    const studentPurpose = query.purpose === 'avatar' || query.purpose === 'snapshot' || query.purpose === 'evidence';
    if (query.purpose !== 'logo' && !studentPurpose && !staff) throw forbidden();
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
    // A snapshot is taken during an open attempt of the caller and belongs to it from the start.
    const attemptId = query.purpose === 'snapshot' ? query.attemptId : undefined;
    if (attemptId !== undefined) await openAttemptForSnapshot(ctx, attemptId);
    const file = await uploadFile(ctx, app.storage, query.purpose, name, body);
    if (attemptId !== undefined) await linkSnapshot(ctx, attemptId, file.id);
    noteSubject(req, { ids: [file.id] });
    return file;
  });
  defineFileEndpoint(app, api.file.download, async ({ ctx, params, req, reply }) => {
    const file = await findFile(ctx.db, ctx.orgId, params.id, false);
    // A file the caller may not read is reported like one that does not exist.
    if (!(await canReadFile(ctx, file))) throw notFound('File');
    return download(app.storage, file, req, reply);
  });
  defineFileEndpoint(app, api.file.publicDownload, async ({ params, req, reply }) =>
    download(app.storage, await findFile(app.db, null, params.id, true), req, reply),
  );
}
