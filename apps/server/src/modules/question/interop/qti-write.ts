import { Difficulty, type QuestionInput, QuestionType } from '@lyceum/contract';
import { extensionOf, LYCEUM_NS } from './qti-extension';
import { itemTitle, writeItem } from './qti-write-item';
import { escapeAttr, escapeText } from './qti-xml';
import type { ExportQuestion, ReadFile } from './types';

// Bank questions as an IMS QTI 2.1 content package: imsmanifest.xml with one imsqti_item_xmlv2p1
// resource per question (its LOM metadata: title, tags as keywords, the knowledge point path as a
// classification, difficulty; and Lyceum's extension), items/q<id>.xml, and the images the
// questions show under items/media/, each a webcontent resource the items depend on. Compose
// questions have no QTI item form (an item is one question): they are left out and counted.

const LOM_DIFFICULTY: Record<number, string> = {
  [Difficulty.VeryEasy]: 'very easy',
  [Difficulty.Easy]: 'easy',
  [Difficulty.Medium]: 'medium',
  [Difficulty.Hard]: 'difficult',
  [Difficulty.VeryHard]: 'very difficult',
};

const FILE_ID = /\/api\/file\/(\d+)/g;

// The bank files a question's HTML shows.
function fileIds(q: QuestionInput): number[] {
  const texts = [q.stem, q.analysis, ...q.options.map((o) => o.content)];
  const answer = q.answer as { reference?: unknown } | null;
  if (answer && typeof answer === 'object' && typeof answer.reference === 'string') texts.push(answer.reference);
  return [...new Set(texts.flatMap((t) => [...t.matchAll(FILE_ID)].map((m) => Number(m[1]))))];
}

// A file name safe in a zip path and a URL without escaping.
const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(-80) || 'file';

const lomString = (s: string) => `<imsmd:string>${escapeText(s)}</imsmd:string>`;
const vocabulary = (name: string, v: string) =>
  `<imsmd:${name}><imsmd:source>LOMv1.0</imsmd:source><imsmd:value>${v}</imsmd:value></imsmd:${name}>`;

function lom(question: ExportQuestion): string {
  const q = question.input;
  const keywords = question.tags.map((t) => `<imsmd:keyword>${lomString(t)}</imsmd:keyword>`).join('');
  const general = `<imsmd:general><imsmd:title>${lomString(itemTitle(q, question.id))}</imsmd:title>${keywords}</imsmd:general>`;
  const educational = `<imsmd:educational>${vocabulary('difficulty', LOM_DIFFICULTY[q.difficulty] ?? 'medium')}</imsmd:educational>`;
  const taxa = question.category
    .map((c, i) => `<imsmd:taxon><imsmd:id>${i + 1}</imsmd:id><imsmd:entry>${lomString(c)}</imsmd:entry></imsmd:taxon>`)
    .join('');
  const classification = question.category.length
    ? `<imsmd:classification>${vocabulary('purpose', 'discipline')}<imsmd:taxonPath><imsmd:source>${lomString('Lyceum')}</imsmd:source>${taxa}</imsmd:taxonPath></imsmd:classification>`
    : '';
  return `<imsmd:lom>${general}${educational}${classification}</imsmd:lom>`;
}

export async function writeQtiPackage(
  questions: ExportQuestion[],
  readFile: ReadFile,
): Promise<{ files: Map<string, Buffer>; skipped: number }> {
  const files = new Map<string, Buffer>();
  // Package path of each bank file read; null when it could not be (the address stays as it was).
  const media = new Map<number, string | null>();
  const resources: string[] = [];
  const mediaResources: string[] = [];
  let skipped = 0;
  for (const question of questions) {
    const q = question.input;
    if (q.type === QuestionType.Compose) {
      skipped++;
      continue;
    }
    const ids = fileIds(q);
    for (const id of ids) {
      if (media.has(id)) continue;
      const file = await readFile(id);
      const at = file ? `items/media/${id}-${safeName(file.name)}` : null;
      media.set(id, at);
      if (!file || !at) continue;
      files.set(at, file.bytes);
      mediaResources.push(
        `<resource identifier="media-${id}" type="webcontent" href="${escapeAttr(at)}"><file href="${escapeAttr(at)}"/></resource>`,
      );
    }
    const itemPath = `items/q${question.id}.xml`;
    const item = writeItem(question, (id) => media.get(id)?.replace(/^items\//, '') ?? undefined);
    files.set(itemPath, Buffer.from(item.xml, 'utf8'));
    const ext = escapeText(JSON.stringify(extensionOf(q, item.acceptedInItem)));
    const deps = ids
      .filter((id) => media.get(id))
      .map((id) => `<dependency identifierref="media-${id}"/>`)
      .join('');
    resources.push(
      `<resource identifier="item-${question.id}" type="imsqti_item_xmlv2p1" href="${itemPath}">\n` +
        `<metadata>${lom(question)}<lyceum:question>${ext}</lyceum:question></metadata>\n` +
        `<file href="${itemPath}"/>${deps}\n</resource>`,
    );
  }
  const manifest = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:imsmd="http://ltsc.ieee.org/xsd/LOM"',
    `  xmlns:lyceum="${LYCEUM_NS}" identifier="lyceum-question-bank">`,
    '<metadata><schema>QTIv2.1 Package</schema><schemaversion>1.0.0</schemaversion></metadata>',
    '<organizations/>',
    '<resources>',
    ...resources,
    ...mediaResources,
    '</resources>',
    '</manifest>',
    '',
  ].join('\n');
  files.set('imsmanifest.xml', Buffer.from(manifest, 'utf8'));
  return { files, skipped };
}
