import type { ByteRange } from './file.storage';

// HTTP range requests on downloads (RFC 9110 §14), so a video can be sought without loading it
// whole: one range of bytes is served (`a-b`, `a-`, `-n`); a range wholly past the end is
// unsatisfiable (416); anything else (several ranges, another unit, a malformed header) gets the
// whole file, as the RFC lets a server do.
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

export function resolveRange(header: string | undefined, size: number): RangeAnswer {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'whole' };
  const [a, b] = [m[1]!, m[2]!];
  if (a === '') {
    // The last n bytes (all of them when n exceeds the size).
    const n = Number(b);
    if (n === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', range: { start: Math.max(0, size - n), end: size - 1 } };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Number(b);
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'whole' };
  return { kind: 'part', range: { start, end: Math.min(end, size - 1) } };
}
