import path from 'node:path';
import type { ErrorDetail } from '@lyceum/contract';
import { invalidParams } from '../../../platform/errors';
import { type QtiExtension, readExtension } from './qti-extension';
import { readQtiItem } from './qti-item';
import { attr, child, elements, plainText, readXml, type XElement } from './qti-xml';
import type { ParsedItem } from './types';

// An IMS QTI content package (2.1, 2.2 or 3.0): imsmanifest.xml lists the items as resources; each
// item is its own XML file, its images files beside it. A manifest that cannot be read refuses the
// package; an item that cannot be read (missing, not well-formed, with a DOCTYPE) is that item's
// problem and the others are still read. From the manifest's metadata for each item: the category
// (the LOM classification's taxon path, outermost first), tags (LOM general keywords), difficulty
// (LOM educational difficulty) and Lyceum's own extension (qti-extension.ts).

const ITEM_TYPES = /^imsqti_item_xmlv(2p0|2p1|2p2|3p0)$/;

const DIFFICULTY: Record<string, number> = {
  'very easy': 1,
  easy: 2,
  medium: 3,
  difficult: 4,
  'very difficult': 5,
};

function textOf(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

// The manifest at the root, or one folder down when the package was zipped with its folder.
function findManifest(entries: Map<string, Buffer>): string | undefined {
  if (entries.has('imsmanifest.xml')) return 'imsmanifest.xml';
  const nested = [...entries.keys()].filter((k) => /^[^/]+\/imsmanifest\.xml$/.test(k));
  return nested.length === 1 ? nested[0] : undefined;
}

// LOM's character strings: <string> (IEEE LOM) or <langstring> (IMS metadata 1.2), else the text.
function lomStrings(el: XElement | undefined): string[] {
  if (!el) return [];
  const strings = [...elements(el, 'string'), ...elements(el, 'langstring')].map((s) => plainText(s).trim());
  return (strings.length ? strings : [plainText(el).trim()]).filter((s) => s !== '');
}

interface ItemMeta {
  category: string[];
  tags: string[];
  difficulty?: number;
  ext: QtiExtension | null;
}

function readMeta(resource: XElement): ItemMeta {
  const md = child(resource, 'metadata');
  const lom = child(md, 'lom');
  const tags = elements(child(lom, 'general'), 'keyword').flatMap(lomStrings);
  const taxa = elements(lom, 'classification').flatMap((c) => elements(c, 'taxonPath'))[0];
  const category = elements(taxa, 'taxon').flatMap((t) => lomStrings(child(t, 'entry')).slice(0, 1));
  const level = plainText(child(child(child(lom, 'educational'), 'difficulty'), 'value'))
    .trim()
    .toLowerCase();
  return {
    category,
    tags: [...new Set(tags)],
    difficulty: DIFFICULTY[level],
    ext: readExtension(plainText(child(md, 'question')).trim()),
  };
}

// Where a resource's file is: relative to the manifest, through any xml:base on the way.
function resourcePath(manifestDir: string, resources: XElement | undefined, resource: XElement): string | undefined {
  const href = attr(resource, 'href') ?? attr(elements(resource, 'file')[0], 'href');
  if (!href) return undefined;
  const parts = [manifestDir, attr(resources, 'base') ?? '', attr(resource, 'base') ?? '', href];
  return path.posix.normalize(path.posix.join(...parts.filter((p) => p !== '')));
}

export function readQtiPackage(entries: Map<string, Buffer>, defaultScore: number): ParsedItem[] {
  const manifestPath = findManifest(entries);
  const manifestBytes = manifestPath ? entries.get(manifestPath) : undefined;
  if (!manifestPath || !manifestBytes) throw invalidParams('file', 'interopNoManifest');
  const manifest = readXml(textOf(manifestBytes));
  if ('error' in manifest) {
    const { key, params } = manifest.error;
    throw key === 'interopNotWellFormed' && params
      ? invalidParams('file', key, params as { line: number; reason: string })
      : invalidParams('file', 'interopDoctype');
  }
  const manifestDir = path.posix.dirname(manifestPath) === '.' ? '' : path.posix.dirname(manifestPath);
  const resources = child(manifest.root, 'resources');
  const items = elements(resources, 'resource').filter((r) => ITEM_TYPES.test(attr(r, 'type') ?? ''));
  return items.map((resource, i): ParsedItem => {
    const meta = readMeta(resource);
    const at = resourcePath(manifestDir, resources, resource);
    const base = { ordinal: i + 1, name: attr(resource, 'href') ?? at, category: meta.category, tags: meta.tags };
    const refused = (detail: ErrorDetail): ParsedItem => ({
      ...base,
      input: null,
      problems: [{ field: '', detail }],
      notes: [],
      files: {},
    });
    const bytes = at ? entries.get(at) : undefined;
    if (!at || !bytes)
      return refused({ key: 'interopMissingPart', params: { name: at ?? attr(resource, 'identifier') ?? '' } });
    const xml = readXml(textOf(bytes));
    if ('error' in xml) return refused(xml.error);
    const read = readQtiItem(xml.root, at, entries, defaultScore, meta.ext);
    const input = read.input && meta.difficulty ? { ...read.input, difficulty: meta.difficulty } : read.input;
    return { ...base, ...read, name: read.name ?? base.name, input };
  });
}
