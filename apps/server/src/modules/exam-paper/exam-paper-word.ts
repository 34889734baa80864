import { api, type PrintPaper, printKey, printModel } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { imageSize } from 'image-size';
import type { RequestContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { noteSubject } from '../../platform/operation-log';
import { requestLang } from '../../platform/resource-io';
import { defineFileEndpoint } from '../../platform/route';
import { findFile } from '../file/file.service';
import type { FileStorage } from '../file/file.storage';
import { canReadFile } from '../file/file-access';
import { getSystemConfig } from '../system-config/system-config.service';
import { imageSources, type LoadedImage } from './html-docx';
import { loadPaperContent } from './paper-content';
import { paperDocx, TEXT_WIDTH_PX } from './paper-docx';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
// Larger pictures are left as their alt text rather than held in memory.
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const WORD_TYPES = new Set(['png', 'jpg', 'gif', 'bmp']);

// Every rich text a printed paper shows: stems, options, children, and with the key the references
// and analyses.
function richTexts(paper: PrintPaper, withKey: boolean): string[] {
  const out: string[] = [];
  for (const s of paper.sections)
    for (const item of s.items) {
      const q = item.question;
      if (!q) continue;
      for (const one of [q, ...q.children]) {
        out.push(one.stem, ...one.options.map((o) => o.content));
        if (!withKey) continue;
        out.push(one.analysis);
        const key = printKey(one.type, one.answer);
        if (key.kind === 'reference') out.push(key.html);
      }
    }
  return out;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

// The bytes of each image the caller may read through the file service (its own rules: a question
// image follows the question bank's read permission). Others, and https images from elsewhere,
// stay their alt text: the export never fetches from outside.
async function loadImages(ctx: RequestContext, storage: FileStorage, html: string[]) {
  const images = new Map<string, LoadedImage>();
  const sources = new Set(html.flatMap(imageSources));
  for (const src of sources) {
    const id = /^\/api\/file\/(\d+)$/.exec(src)?.[1];
    if (!id) continue;
    try {
      const file = await findFile(ctx.db, ctx.orgId, Number(id), false);
      if (file.size > MAX_IMAGE_BYTES || !(await canReadFile(ctx, file))) continue;
      const data = await readAll((await storage.read(file.storageKey)).stream);
      const size = imageSize(data);
      if (!size.type || !WORD_TYPES.has(size.type) || !size.width || !size.height) continue;
      images.set(src, { data, type: size.type as LoadedImage['type'], width: size.width, height: size.height });
    } catch (err) {
      // A missing or unreadable file is shown by its alt text; anything else is a real failure.
      if (!(err instanceof AppError) && !(err instanceof TypeError) && !isMissing(err)) throw err;
    }
  }
  return images;
}
const isMissing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

function fileName(name: string, withKey: boolean, lang: 'en' | 'zh'): string {
  const safe = name.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim() || 'paper';
  const suffix = withKey ? (lang === 'zh' ? '（答案）' : ' (key)') : '';
  return `${safe}${suffix}.docx`;
}

export function examPaperWordRoutes(app: FastifyInstance) {
  defineFileEndpoint(
    app,
    api.examPaper.word,
    async ({ ctx, params, body, req }) => {
      const lang = requestLang(req);
      const [content, config] = await Promise.all([loadPaperContent(ctx, params.id), getSystemConfig(ctx)]);
      const paper = printModel(content);
      noteSubject(req, { ids: [paper.id], label: paper.name });
      const images = await loadImages(ctx, app.storage, richTexts(paper, body.withKey));
      const data = await paperDocx({
        paper,
        school: config.name,
        lang,
        withKey: body.withKey,
        rich: { images, maxImageWidth: TEXT_WIDTH_PX },
      });
      return { filename: fileName(paper.name, body.withKey, lang), contentType: DOCX, body: data };
    },
    { audited: true },
  );
}
