// Makes the demo's lesson video (apps/server/src/seed/assets/demo-lesson.webm): eight seconds drawn on a
// canvas in Chromium and recorded with MediaRecorder (VP8), then given the Duration element MediaRecorder
// leaves out, so players can seek in it. Run once by hand (`node scripts/make-demo-video.mjs`); the file
// is committed, so neither `npm start` nor the tests need Chromium or an encoder to have a video.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const SECONDS = 8;
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src/seed/assets/demo-lesson.webm');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
await page.setContent('<canvas id="c" width="480" height="270"></canvas>');
const bytes = await page.evaluate(async (seconds) => {
  const canvas = document.getElementById('c');
  const g = canvas.getContext('2d');
  const stream = canvas.captureStream(15);
  const rec = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 200_000 });
  const parts = [];
  rec.ondataavailable = (e) => parts.push(e.data);
  const start = performance.now();
  const draw = () => {
    const t = (performance.now() - start) / 1000;
    g.fillStyle = '#0b3d91';
    g.fillRect(0, 0, 480, 270);
    g.fillStyle = '#ffffff';
    g.font = 'bold 30px sans-serif';
    g.fillText('Lyceum · Lesson 1', 24, 60);
    g.font = '20px sans-serif';
    g.fillText('Photosynthesis in eight seconds', 24, 100);
    g.font = 'bold 72px sans-serif';
    g.fillText(`${Math.min(seconds, Math.floor(t) + 1)}`, 24, 200);
    g.fillStyle = '#ffd24d';
    g.fillRect(24, 236, (432 * Math.min(t, seconds)) / seconds, 12);
  };
  draw();
  rec.start(500);
  await new Promise((resolve) => {
    const tick = () => {
      draw();
      if (performance.now() - start < seconds * 1000) requestAnimationFrame(tick);
      else resolve();
    };
    tick();
  });
  rec.stop();
  await new Promise((r) => (rec.onstop = r));
  const buf = await new Blob(parts, { type: 'video/webm' }).arrayBuffer();
  return Array.from(new Uint8Array(buf));
}, SECONDS);
await browser.close();
writeFileSync(out, withDuration(Buffer.from(bytes), SECONDS * 1000));
console.log(`wrote ${out} (${bytes.length} bytes)`);

// EBML: the Segment's Info element gets a Duration (0x4489, float64, in TimecodeScale units: ms by default).
function withDuration(buf, ms) {
  const readVint = (at) => {
    const first = buf[at];
    let len = 1;
    while (len <= 8 && !(first & (0x80 >> (len - 1)))) len++;
    let value = first & (0xff >> len);
    for (let i = 1; i < len; i++) value = value * 256 + buf[at + i];
    return { len, value };
  };
  const readId = (at) => {
    const first = buf[at];
    let len = 1;
    while (len <= 4 && !(first & (0x80 >> (len - 1)))) len++;
    return { len, id: buf.subarray(at, at + len).toString('hex') };
  };
  // Skip the EBML header, enter the Segment (its size is "unknown" in MediaRecorder's output).
  let at = 0;
  const header = readId(at);
  const headerSize = readVint(at + header.len);
  at += header.len + headerSize.len + headerSize.value;
  const segment = readId(at);
  if (segment.id !== '18538067') throw new Error('no Segment');
  const segSize = readVint(at + segment.len);
  at += segment.len + segSize.len;
  for (;;) {
    const el = readId(at);
    const size = readVint(at + el.len);
    if (el.id === '1549a966') {
      const body = buf.subarray(at + el.len + size.len, at + el.len + size.len + size.value);
      const duration = Buffer.alloc(11);
      duration.writeUInt16BE(0x4489, 0);
      duration[2] = 0x88;
      duration.writeDoubleBE(ms, 3);
      const newBody = Buffer.concat([body, duration]);
      const sizeVint = Buffer.alloc(8);
      sizeVint[0] = 0x01;
      sizeVint.writeUIntBE(newBody.length, 2, 6);
      return Buffer.concat([
        buf.subarray(0, at),
        Buffer.from('1549a966', 'hex'),
        sizeVint,
        newBody,
        buf.subarray(at + el.len + size.len + size.value),
      ]);
    }
    at += el.len + size.len + size.value;
    if (at >= buf.length) throw new Error('no Info element');
  }
}
