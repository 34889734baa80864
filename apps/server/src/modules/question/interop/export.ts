import type { Readable } from 'node:stream';
import {
  MAX_IMPORT_QUESTIONS,
  type QuestionExportFormat,
  TagType,
  type zQuestionExportRequest,
  zQuestionInput,
} from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import type { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { tags } from '../../catalogue/catalogue.table';
import { findFile } from '../../file/file.service';
import type { FileStorage } from '../../file/file.storage';
import { canReadFile } from '../../file/file-access';
import { questionResource } from '../question.resource';
import { writeGift } from './gift-write';
import { writeMoodleXml } from './moodle-xml-write';
import { writeQtiPackage } from './qti-write';
import type { ExportQuestion, ReadFile } from './types';

// Questions out in another system's format: the filter's questions (or exactly the ids asked for),
// each with the knowledge point it is filed under and its tags, images read as their owner may
// (a file the caller cannot open is left as its address). Questions a format cannot hold are left
// out and counted.

type Request = z.output<typeof zQuestionExportRequest>;

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function fileReader(ctx: RequestContext, storage: FileStorage): ReadFile {
  return async (id) => {
    try {
      const row = await findFile(ctx.db, ctx.orgId, id, false);
      if (!(await canReadFile(ctx, row))) return null;
      const { stream } = await storage.read(row.storageKey);
      return { name: row.name, bytes: await toBuffer(stream) };
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  };
}

async function exportRows(ctx: RequestContext, request: Request): Promise<ExportQuestion[]> {
  const { format: _format, ids, ...filter } = request;
  const rows = ids?.length
    ? await questionResource.getMany(ctx, ids)
    : await questionResource.list(ctx, filter, MAX_IMPORT_QUESTIONS);
  const tree = await ctx.db
    .select({ id: tags.id, parentId: tags.parentId, name: tags.name, type: tags.type })
    .from(tags)
    .where(eq(tags.organizationId, ctx.orgId));
  const byId = new Map(tree.map((t) => [t.id, t]));
  const pathOf = (id: number): string[] => {
    const path: string[] = [];
    for (let at = byId.get(id); at && path.length < 20; at = at.parentId ? byId.get(at.parentId) : undefined)
      path.unshift(at.name);
    return path;
  };
  const out: ExportQuestion[] = [];
  for (const row of rows) {
    const parsed = zQuestionInput.safeParse(row);
    if (!parsed.success) continue;
    const tagIds = parsed.data.tagIds;
    const point = tagIds.find((t) => byId.get(t)?.type === TagType.KnowledgePoint);
    out.push({
      id: Number(row.id),
      input: { ...parsed.data, tagIds: [] },
      category: point ? pathOf(point) : [],
      tags: tagIds.flatMap((t) => {
        const tag = byId.get(t);
        return tag && tag.type === TagType.Tag ? [tag.name] : [];
      }),
    });
  }
  return out;
}

const NAMES: Record<QuestionExportFormat, { en: string; zh: string; type: string }> = {
  moodle: { en: 'Questions (Moodle XML).xml', zh: '题目（Moodle XML）.xml', type: 'application/xml; charset=utf-8' },
  gift: { en: 'Questions (GIFT).txt', zh: '题目（GIFT）.txt', type: 'text/plain; charset=utf-8' },
  qti: { en: 'Questions (QTI 2.1).zip', zh: '题目（QTI 2.1）.zip', type: 'application/zip' },
};

export async function exportQuestionsAs(
  ctx: RequestContext,
  storage: FileStorage,
  request: Request,
  lang: 'en' | 'zh',
): Promise<{ filename: string; contentType: string; body: Buffer; skipped: number; count: number }> {
  const list = await exportRows(ctx, request);
  const readFile = fileReader(ctx, storage);
  const name = NAMES[request.format];
  let body: Buffer;
  let skipped: number;
  if (request.format === 'moodle') {
    const written = await writeMoodleXml(list, readFile);
    body = Buffer.from(written.text, 'utf8');
    skipped = written.skipped;
  } else if (request.format === 'gift') {
    const written = writeGift(list);
    body = Buffer.from(written.text, 'utf8');
    skipped = written.skipped;
  } else {
    const written = await writeQtiPackage(list, readFile);
    const zip = new JSZip();
    for (const [path, bytes] of written.files) zip.file(path, bytes);
    body = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    skipped = written.skipped;
  }
  return { filename: name[lang], contentType: name.type, body, skipped, count: list.length - skipped };
}
