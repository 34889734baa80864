import { describe, expect, it } from 'vitest';
import { mediaDuration, readVint } from './lesson-media';

// Videos' durations read from their own bytes: MP4's movie header wherever the moov box sits (at
// the end unless the file was "fast-started"), both header versions; WebM's Duration, and for a
// recording without one (MediaRecorder) the last cluster's time and the blocks in it.

const box = (type: string, body: Buffer) => {
  const h = Buffer.alloc(8);
  h.writeUInt32BE(8 + body.length);
  h.write(type, 4, 'latin1');
  return Buffer.concat([h, body]);
};
function mvhd(version: 0 | 1, scale: number, duration: number) {
  const b = Buffer.alloc(version ? 112 : 100);
  b[0] = version;
  if (version) {
    b.writeUInt32BE(scale, 20);
    b.writeBigUInt64BE(BigInt(duration), 24);
  } else {
    b.writeUInt32BE(scale, 12);
    b.writeUInt32BE(duration, 16);
  }
  return box('mvhd', b);
}
const mp4 = (seconds: number, version: 0 | 1 = 0) =>
  Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\0\0isom', 'latin1')),
    box('mdat', Buffer.alloc(2000, 7)),
    box('moov', mvhd(version, 600, Math.round(seconds * 600))),
  ]);

const size8 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  b[0] = 0x01;
  return b;
};
const el = (id: number[], data: Buffer) => Buffer.concat([Buffer.from(id), size8(data.length), data]);
const uint = (n: number, bytes: number) => Buffer.from(n.toString(16).padStart(bytes * 2, '0'), 'hex');
const double = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(n);
  return b;
};
const UNKNOWN = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
// A cluster at `ms` with a block `rel` ms after it (track 1).
const cluster = (ms: number, rel: number) =>
  el(
    [0x1f, 0x43, 0xb6, 0x75],
    Buffer.concat([
      el([0xe7], uint(ms, 2)),
      el([0xa3], Buffer.concat([Buffer.from([0x81]), uint(rel, 2), Buffer.from([0x80, 1, 2])])),
    ]),
  );
function webm(durationMs: number | null, clusters: [number, number][]) {
  const info = el(
    [0x15, 0x49, 0xa9, 0x66],
    Buffer.concat([
      el([0x2a, 0xd7, 0xb1], uint(1_000_000, 3)),
      ...(durationMs === null ? [] : [el([0x44, 0x89], double(durationMs))]),
    ]),
  );
  return Buffer.concat([
    el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], Buffer.from('webm'))),
    Buffer.from([0x18, 0x53, 0x80, 0x67]),
    UNKNOWN,
    info,
    ...clusters.map(([ms, rel]) => cluster(ms, rel)),
  ]);
}

const reader = (buf: Buffer) => async (offset: number, length: number) => buf.subarray(offset, offset + length);
const duration = (buf: Buffer) => mediaDuration(reader(buf), buf.length);

describe('video duration', () => {
  it('reads an MP4 movie header (versions 0 and 1, moov after the media data)', async () => {
    expect(await duration(mp4(120))).toBe(120);
    expect(await duration(mp4(7.25, 1))).toBe(7.25);
  });

  it('reads a WebM Duration, or the last cluster and block of a recording without one', async () => {
    expect(await duration(webm(12_500, [[0, 10]]))).toBe(12.5);
    expect(
      await duration(
        webm(null, [
          [0, 40],
          [5000, 500],
        ]),
      ),
    ).toBe(5.5);
  });

  it('answers null for anything else, or a file cut short', async () => {
    expect(await duration(Buffer.from('%PDF-1.7 not a video at all'))).toBeNull();
    expect(await duration(mp4(120).subarray(0, 40))).toBeNull();
    expect(await duration(webm(null, []))).toBeNull();
  });

  it('reads EBML variable-length integers, unknown sizes included', () => {
    expect(readVint(Buffer.from([0x81]), 0, false)).toEqual({ value: 1, length: 1, unknown: false });
    expect(readVint(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), 0, true)?.value).toBe(0x1a45dfa3);
    expect(readVint(UNKNOWN, 0, false)?.unknown).toBe(true);
    expect(readVint(Buffer.from([0x00]), 0, false)).toBeNull();
  });
});
