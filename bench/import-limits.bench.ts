// B6 (import limits): a 400,000-row workbook (~4.5 MB) sent to the question import (as the demo
// teacher) and to a base-data import (degrees, as the admin). Both must be refused at the 20,000-row
// cap without reading the whole file. Printed per call: time to the refusal, the server's RSS growth
// while it ran, and the latency of a light request (GET /api/user/current every 10 ms) meanwhile.
// Runs on PGlite, then again on PostgreSQL when DATABASE_URL is set. Figures are printed, not asserted.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { login, percentile, rssOf, startServer } from './lib';

const ROWS = Number(process.env.IMPORT_LIMIT_ROWS ?? 400_000);
const RUNS = Number(process.env.IMPORT_LIMIT_RUNS ?? 3);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PASSWORD = 'bench-pass-2026';
const mb = (n: number) => (n / 1024 / 1024).toFixed(0);

// Written row by row with the streaming writer, two short columns a row (~4.5 MB for 400,000 rows, the
// size reported): degrees read Name, questions read Score; every row counts towards the cap.
async function bigWorkbook(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out });
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(['Name', 'Score']).commit();
  for (let i = 0; i < rows; i++) ws.addRow([`Degree ${i}`, 1]).commit();
  ws.commit();
  await wb.commit();
  return Buffer.concat(chunks);
}

interface Figures {
  ms: number;
  message: string;
  rssBefore: number;
  rssGrowth: number;
  pings: number;
  p95: number;
  max: number;
}

// The light request's latency with nothing else running, for comparison.
async function idlePings(origin: string, token: string, count: number) {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const s = performance.now();
    await fetch(`${origin}/api/user/current`, { headers: { token } }).then((x) => x.json());
    latencies.push(performance.now() - s);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  latencies.sort((a, b) => a - b);
  return { p95: percentile(latencies, 95), max: latencies[latencies.length - 1] };
}

// One import call while a light request runs every 10 ms and the server's RSS is sampled every 5 ms.
async function measure(origin: string, pid: number, url: string, token: string, file: Buffer): Promise<Figures> {
  const rssBefore = rssOf(pid);
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 5);
  const latencies: number[] = [];
  let done = false;
  const pinger = (async () => {
    while (!done) {
      const s = performance.now();
      const r = await fetch(`${origin}/api/user/current`, { headers: { token } }).then(
        (x) => x.json() as Promise<{ code: number }>,
      );
      if (r.code !== 1) throw new Error('GET /api/user/current failed');
      latencies.push(performance.now() - s);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const t0 = performance.now();
  const res = await fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { token, 'content-type': XLSX },
    body: file,
  }).then((r) => r.json() as Promise<{ code: number; message: string }>);
  const ms = performance.now() - t0;
  done = true;
  await pinger;
  clearInterval(sampler);
  if (res.code !== 501) throw new Error(`expected a refusal, got ${res.code} ${res.message}`);
  latencies.sort((a, b) => a - b);
  return {
    ms,
    message: res.message,
    rssBefore,
    rssGrowth: peak - rssBefore,
    pings: latencies.length,
    p95: percentile(latencies, 95),
    max: latencies[latencies.length - 1] ?? 0,
  };
}

// The server inherits this process's environment: without DATABASE_URL it runs on PGlite.
async function run(label: string, databaseUrl: string | undefined, file: Buffer) {
  const saved = process.env.DATABASE_URL;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  const server = await startServer('lyceum');
  if (saved === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved;
  const pid = server.child.pid!;
  const origin = `http://127.0.0.1:${server.port}`;
  try {
    const teacher = await login(origin, 'teacher', PASSWORD);
    const admin = await login(origin, 'admin', PASSWORD);
    console.log(`\nDatabase: ${label}`);
    const idle = await idlePings(origin, teacher, 100);
    console.log(
      `   GET /api/user/current with no import running: p95 ${idle.p95.toFixed(1)} ms, max ${idle.max.toFixed(1)} ms`,
    );
    for (const [url, token, who] of [
      ['/api/question/import?dryRun=false', teacher, 'teacher'],
      ['/api/degree/import?dryRun=false', admin, 'admin'],
    ]) {
      for (let i = 1; i <= RUNS; i++) {
        const f = await measure(origin, pid, url, token, file);
        console.log(
          `B6 ${url.split('?')[0]} (${who}) run ${i}: refused in ${f.ms.toFixed(0)} ms (target < 1000) "${f.message}"; ` +
            `server RSS ${mb(f.rssBefore)} MB before, +${mb(f.rssGrowth)} MB during (target < 100); ` +
            `${f.pings} pings meanwhile: p95 ${f.p95.toFixed(1)} ms, max ${f.max.toFixed(1)} ms (target < 100)`,
        );
      }
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  }
}

const t0 = performance.now();
const file = await bigWorkbook(ROWS);
console.log(
  `Workbook: ${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB, made in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
await run('PGlite (embedded, in the server process)', undefined, file);
if (process.env.DATABASE_URL) await run('PostgreSQL', process.env.DATABASE_URL, file);
