// B5 (question bank): import of 5,000 questions from Excel into a running server: seconds, rows/s and
// the server's peak memory. PGlite by default; PostgreSQL with DATABASE_URL.
import ExcelJS from 'exceljs';
import { login, rssOf, startServer } from './lib';

const N = Number(process.env.QUESTIONS ?? 5000);
const mb = (n: number) => (n / 1024 / 1024).toFixed(0);

const wb = new ExcelJS.Workbook();
const ws = wb.addWorksheet('Questions');
ws.addRow([
  'Type',
  'Stem',
  'Option A',
  'Option B',
  'Option C',
  'Option D',
  'Answer',
  'Score',
  'Difficulty',
  'Analysis',
]);
for (let i = 0; i < N; i++) {
  const kind = i % 5;
  if (kind === 0 || kind === 1)
    ws.addRow([
      'Single choice',
      `<p>Bench ${i}: ${i} + ${i} = ?</p>`,
      String(i),
      String(2 * i),
      String(3 * i),
      String(4 * i),
      'B',
      2,
      2,
      'Add.',
    ]);
  else if (kind === 2)
    ws.addRow(['Multiple choice', `<p>Bench ${i}: which are even?</p>`, '2', '3', '4', '5', 'A,C', 4, 3, '']);
  else if (kind === 3)
    ws.addRow([
      'True or false',
      `<p>Bench ${i}: ${i} is even.</p>`,
      '',
      '',
      '',
      '',
      i % 2 === 0 ? 'True' : 'False',
      1,
      1,
      '',
    ]);
  else ws.addRow(['Gap filling', `<p>Bench ${i}: 7 × 6 = {{blank}}</p>`, '', '', '', '', '42', 2, 2, '']);
}
const file = Buffer.from(await wb.xlsx.writeBuffer());

const server = await startServer('lyceum');
const pid = server.child.pid!;
const origin = `http://127.0.0.1:${server.port}`;
try {
  const token = await login(origin, 'teacher', 'bench-pass-2026');
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 10);
  const t0 = performance.now();
  const res = await fetch(`${origin}/api/question/import?dryRun=false`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    body: file,
  }).then((r) => r.json() as Promise<{ code: number; message: string; response: { created: number } | null }>);
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  if (res.code !== 1 || res.response?.created !== N)
    throw new Error(`import failed: ${res.message} ${JSON.stringify(res.response).slice(0, 200)}`);
  console.log(`\nDatabase: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded, in the server process)'}`);
  console.log(
    `B5 import of ${N} questions (.xlsx, ${(file.length / 1024).toFixed(0)} KB): ${seconds.toFixed(2)} s = ${(N / seconds).toFixed(0)} rows/s (target <= 10 s)`,
  );
  console.log(
    `   server RSS ${mb(before)} MB before, peak ${mb(peak)} MB during: +${mb(peak - before)} MB (target < 300 MB)\n`,
  );
} finally {
  server.child.kill('SIGTERM');
}
