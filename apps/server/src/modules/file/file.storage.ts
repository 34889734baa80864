import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface ByteRange {
  start: number;
  end: number;
}

// Where uploaded bytes live. Local disk under DATA_DIR/files by default; keys are made by the
// server (organisation/year/month/random), so no client input ever becomes a path.
export interface FileStorage {
  // Streams the body to a temporary place; `commit` moves it under the key, `discard` drops it.
  receive(
    body: Readable,
    through: Transform[],
  ): Promise<{ size: number; commit: (key: string) => Promise<void>; discard: () => Promise<void> }>;
  // The whole file, or the bytes from `start` to `end` inclusive (an HTTP range); `size` is the file's.
  read(key: string, range?: ByteRange): Promise<{ stream: Readable; size: number }>;
  remove(key: string): Promise<void>;
}

export function localStorage(root: string): FileStorage {
  const full = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error('storage key outside the storage root');
    return p;
  };
  return {
    async receive(body, through) {
      const tmpDir = path.join(root, '.incoming');
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
      try {
        await pipeline([body, ...through, createWriteStream(tmp)]);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      const { size } = await stat(tmp);
      return {
        size,
        commit: async (key) => {
          await mkdir(path.dirname(full(key)), { recursive: true });
          await rename(tmp, full(key));
        },
        discard: () => rm(tmp, { force: true }),
      };
    },
    async read(key, range) {
      const p = full(key);
      const { size } = await stat(p);
      return { stream: createReadStream(p, range ? { start: range.start, end: range.end } : {}), size };
    },
    remove: (key) => rm(full(key), { force: true }),
  };
}
