// B2: import of a 10,000-row Excel file into one resource (rows/s, the server's peak memory), and
// B3: page queries over 100,000 rows (p50/p99). The server runs in its own process on PGlite, or on
// a scratch PostgreSQL database when DATABASE_URL is set.
import ExcelJS from 'exceljs';
import { login, percentile, rssOf, startServer } from './lib';

const IMPORT_ROWS = Number(process.env.IMPORT_ROWS ?? 10_000);
const PAGE_ROWS = Number(process.env.PAGE_ROWS ?? 100_000);
const QUERIES = Number(process.env.QUERIES ?? 500);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const mb = (n: number) => (n / 1024 / 1024).toFixed(0);

async function sheet(header: string[], rows: number, row: (i: number) => unknown[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(header);
  for (let i = 0; i < rows; i++) ws.addRow(row(i));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const server = await startServer('lyceum');
const pid = server.child.pid!;
const origin = `http://127.0.0.1:${server.port}`;
try {
  const token = await login(origin, 'admin', 'bench-pass-2026');
  const importFile = async (resource: string, file: Buffer) => {
    const r = await fetch(`${origin}/api/${resource}/import?dryRun=false`, {
      method: 'POST',
      headers: { token, 'content-type': XLSX },
      body: file,
    }).then((x) => x.json() as Promise<{ code: number; message: string; response: { created: number } | null }>);
    if (r.code !== 1) throw new Error(`import failed: ${r.message}`);
    return r.response?.created ?? 0;
  };

  // B2: the file is made first, so only the server's import is measured.
  const venues = await sheet(['Name', 'Address', 'Capacity', 'Sort order'], IMPORT_ROWS, (i) => [
    `Room ${i + 1}`,
    `Building ${i % 40}, floor ${i % 7}`,
    20 + (i % 200),
    i % 100,
  ]);
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 10);
  const t0 = performance.now();
  const created = await importFile('teachVenue', venues);
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  if (created !== IMPORT_ROWS) throw new Error(`imported ${created} of ${IMPORT_ROWS}`);

  // B3: 100,000 documents, imported in files of 10,000 rows, then the list screen's queries.
  for (let start = 0; start < PAGE_ROWS; start += 10_000) {
    const n = Math.min(10_000, PAGE_ROWS - start);
    const kinds = ['syllabus', 'timetable', 'notice', 'handbook', 'minutes'];
    await importFile(
      'document',
      await sheet(['Title', 'File', 'Audience'], n, (i) => [
        `Document ${start + i} ${kinds[(start + i) % 5]}`,
        `https://example.edu/d/${start + i}.pdf`,
        ['Everyone', 'Staff', 'Students'][(start + i) % 3],
      ]),
    );
  }
  const bodies = [
    { pageIndex: 1, pageSize: 10 },
    { pageIndex: 500, pageSize: 20 },
    { pageIndex: 1, pageSize: 50, audience: 2 },
    { pageIndex: 1, pageSize: 20, keyword: 'Document 4242' },
    { pageIndex: 1, pageSize: 20, sortField: 'title', sortOrder: 'ascend' },
    { pageIndex: 3, pageSize: 20, keyword: 'timetable' },
  ];
  const times: number[] = [];
  const byKind: number[][] = bodies.map(() => []);
  for (let i = 0; i < QUERIES; i++) {
    const s = performance.now();
    const r = await fetch(`${origin}/api/document/page`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify(bodies[i % bodies.length]),
    }).then((x) => x.json() as Promise<{ code: number }>);
    if (r.code !== 1) throw new Error('page query failed');
    times.push(performance.now() - s);
    byKind[i % bodies.length].push(performance.now() - s);
  }
  const kindNames = ['first page', 'page 500', 'filter', 'keyword', 'sort by title', 'keyword matching 20% of rows'];
  times.sort((a, b) => a - b);
  console.log(`\nDatabase: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded, in the server process)'}`);
  console.log(
    `B2 import of ${IMPORT_ROWS} rows (.xlsx, ${(venues.length / 1024).toFixed(0)} KB) into teachVenue: ${seconds.toFixed(2)} s = ${(IMPORT_ROWS / seconds).toFixed(0)} rows/s (target >= 2000)`,
  );
  console.log(
    `   server RSS ${mb(before)} MB before, peak ${mb(peak)} MB during: +${mb(peak - before)} MB (target peak < 300 MB)`,
  );
  console.log(
    `B3 ${QUERIES} page queries over ${PAGE_ROWS} documents (6 kinds below): p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (target p99 < 50 ms on PostgreSQL)\n`,
  );
  console.log(
    `   p99 by query: ${byKind
      .map(
        (k, i) =>
          `${kindNames[i]} ${percentile(
            k.sort((a, b) => a - b),
            99,
          ).toFixed(1)} ms`,
      )
      .join(', ')}\n`,
  );
} finally {
  server.child.kill('SIGTERM');
}
