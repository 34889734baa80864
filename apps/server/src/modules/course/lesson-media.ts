import type { Readable } from 'node:stream';
import { bus } from '../../platform/bus';
import type { RequestContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { findFile } from '../file/file.service';
import type { FileStorage } from '../file/file.storage';

// A video's length, read from its own bytes: MP4's movie header (`mvhd`) and WebM's segment
// `Duration`, or, for a WebM recorded live without one (a browser's MediaRecorder), the time of its
// last cluster and the blocks in it. Parsed here rather than with a library: music-metadata, the
// usual one, needs Node 22, and these are two fixed fields.

// Random access to a file's bytes (fewer when the file ends first).
export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

// The storage of each app (keyed by its database), registered with the routes; the last one
// registered serves callers of another (a seed script).
const storages = new WeakMap<Db, FileStorage>();
let lastStorage: FileStorage | null = null;
export function registerMediaStorage(db: Db, storage: FileStorage): void {
  storages.set(db, storage);
  lastStorage = storage;
}

// A file's bytes never change: its duration is read once per process.
const durations = new Map<string, number | null>();
bus.onReset(() => durations.clear());

const FILE_PATH = /^\/api\/file\/(\d{1,15})$/;
const VIDEO = /^video\/(mp4|webm)$/;

// A video's duration in seconds, read from the uploaded file (/api/file/{id}) the link names; null
// when the link is not one of ours or the file's duration cannot be read.
export async function durationOf(ctx: RequestContext, fileUrl: string): Promise<number | null> {
  const m = FILE_PATH.exec(fileUrl.trim());
  const storage = storages.get(ctx.db) ?? lastStorage;
  if (!m || !storage) return null;
  const key = `${ctx.orgId}:${m[1]}`;
  if (durations.has(key)) return durations.get(key) ?? null;
  let row: Awaited<ReturnType<typeof findFile>>;
  try {
    row = await findFile(ctx.db, ctx.orgId, Number(m[1]), false);
  } catch {
    return null;
  }
  if (!VIDEO.test(row.contentType)) return null;
  const readAt: ReadAt = async (offset, length) => {
    const end = Math.min(offset + length, row.size) - 1;
    if (end < offset) return Buffer.alloc(0);
    return readAll((await storage.read(row.storageKey, { start: offset, end })).stream);
  };
  let seconds: number | null = null;
  try {
    seconds = await mediaDuration(readAt, row.size);
  } catch {
    seconds = null;
  }
  durations.set(key, seconds);
  return seconds;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

// Seconds, rounded to milliseconds; null when the format is neither or the field is missing.
export async function mediaDuration(readAt: ReadAt, size: number): Promise<number | null> {
  const head = await readAt(0, 12);
  let s: number | null = null;
  if (head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp') s = await mp4Duration(readAt, size);
  else if (head.readUInt32BE(0) === 0x1a45dfa3) s = await webmDuration(readAt, size);
  return s != null && Number.isFinite(s) && s > 0 ? Math.round(s * 1000) / 1000 : null;
}

// ---- MP4: boxes of [size, type, ...]; moov › mvhd holds timescale and duration ----

interface Box {
  type: string;
  start: number;
  body: number;
  end: number;
}

async function boxAt(readAt: ReadAt, offset: number, limit: number): Promise<Box | null> {
  const h = await readAt(offset, 16);
  if (h.length < 8) return null;
  let size = h.readUInt32BE(0);
  let header = 8;
  if (size === 1) {
    if (h.length < 16) return null;
    size = Number(h.readBigUInt64BE(8));
    header = 16;
  } else if (size === 0) size = limit - offset;
  if (size < header || offset + size > limit) return null;
  return { type: h.toString('latin1', 4, 8), start: offset, body: offset + header, end: offset + size };
}

async function findBox(readAt: ReadAt, from: number, to: number, type: string): Promise<Box | null> {
  // A file has a handful of top-level boxes; the bound keeps a crafted file from looping long.
  for (let off = from, n = 0; off < to && n < 10_000; n++) {
    const box = await boxAt(readAt, off, to);
    if (!box) return null;
    if (box.type === type) return box;
    off = box.end;
  }
  return null;
}

async function mp4Duration(readAt: ReadAt, size: number): Promise<number | null> {
  const moov = await findBox(readAt, 0, size, 'moov');
  if (!moov) return null;
  const mvhd = await findBox(readAt, moov.body, moov.end, 'mvhd');
  if (!mvhd) return null;
  const b = await readAt(mvhd.body, 32);
  const version = b[0];
  if (version === 1 && b.length >= 32) {
    const scale = b.readUInt32BE(20);
    return scale ? Number(b.readBigUInt64BE(24)) / scale : null;
  }
  if (b.length < 20) return null;
  const scale = b.readUInt32BE(12);
  const duration = b.readUInt32BE(16);
  // All ones: unknown.
  return scale && duration !== 0xffffffff ? duration / scale : null;
}

// ---- WebM / Matroska: EBML elements [id, size, data] ----

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;

interface Vint {
  value: number;
  length: number;
  unknown: boolean;
}

// A variable-length integer at `at`: ids keep their marker bit, sizes drop it (all ones: unknown).
export function readVint(buf: Buffer, at: number, keepMarker: boolean): Vint | null {
  const first = buf[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let ones = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[at + i]!;
    value = value * 256 + byte;
    ones &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && ones };
}

interface Element {
  id: number;
  data: number;
  size: number | null;
}

function elementAt(buf: Buffer, at: number): Element | null {
  const id = readVint(buf, at, true);
  if (!id) return null;
  const size = readVint(buf, at + id.length, false);
  if (!size) return null;
  return { id: id.value, data: at + id.length + size.length, size: size.unknown ? null : size.value };
}

const uint = (buf: Buffer, at: number, n: number) => {
  let v = 0;
  for (let i = 0; i < n; i++) v = v * 256 + buf[at + i]!;
  return v;
};

async function webmDuration(readAt: ReadAt, size: number): Promise<number | null> {
  const head = await readAt(0, 64);
  const ebml = elementAt(head, 0);
  if (!ebml || ebml.size === null) return null;
  let off = ebml.data + ebml.size;
  const seg = elementAt(await readAt(off, 12), 0);
  if (!seg || seg.id !== SEGMENT) return null;
  off += seg.data;
  let scale = 1_000_000;
  // The segment's children up to the first cluster: the Info element is among them.
  for (let n = 0; off < size && n < 1000; n++) {
    const el = elementAt(await readAt(off, 12), 0);
    if (!el || el.id === CLUSTER || el.size === null) break;
    if (el.id === INFO) {
      const info = await readAt(off + el.data, Math.min(el.size, 65_536));
      let duration: number | null = null;
      for (let at = 0; at < info.length; ) {
        const child = elementAt(info, at);
        if (!child || child.size === null || child.data + child.size > info.length) break;
        if (child.id === TIMECODE_SCALE) scale = uint(info, child.data, child.size) || scale;
        if (child.id === DURATION) {
          duration = child.size === 4 ? info.readFloatBE(child.data) : info.readDoubleBE(child.data);
        }
        at = child.data + child.size;
      }
      if (duration !== null && duration > 0) return (duration * scale) / 1e9;
    }
    off += el.data + el.size;
  }
  const last = await lastClusterTime(readAt, size);
  return last === null ? null : (last * scale) / 1e9;
}

// The last cluster's timecode plus the latest block in it, found in the file's last 2 MiB.
async function lastClusterTime(readAt: ReadAt, size: number): Promise<number | null> {
  const start = Math.max(0, size - 2 * 1024 * 1024);
  const tail = await readAt(start, size - start);
  const marker = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);
  for (let at = tail.lastIndexOf(marker); at >= 0; at = at > 0 ? tail.lastIndexOf(marker, at - 1) : -1) {
    const cluster = elementAt(tail, at);
    if (!cluster) continue;
    const first = elementAt(tail, cluster.data);
    if (!first || first.id !== TIMECODE || first.size === null || first.size > 8) continue;
    const base = uint(tail, first.data, first.size);
    return (
      base +
      latestBlock(tail, first.data + first.size, cluster.size === null ? tail.length : cluster.data + cluster.size)
    );
  }
  return null;
}

function latestBlock(buf: Buffer, from: number, to: number): number {
  let latest = 0;
  const end = Math.min(to, buf.length);
  for (let at = from; at < end; ) {
    const el = elementAt(buf, at);
    if (!el || el.size === null || el.data + el.size > end) break;
    if (el.id === SIMPLE_BLOCK || el.id === BLOCK) {
      const track = readVint(buf, el.data, false);
      if (track && el.data + track.length + 2 <= end)
        latest = Math.max(latest, buf.readInt16BE(el.data + track.length));
    }
    // A block group holds its block: look inside rather than past it.
    at = el.id === BLOCK_GROUP ? el.data : el.data + el.size;
  }
  return latest;
}
