// B1: N concurrent logins, each followed by a menu fetch, against the real server on loopback,
// and the same client against a bare Fastify route in the same run, so the figure is a ratio.
import { drive, startServer } from './lib';

const FLOWS = Number(process.env.LOGIN_N ?? 400);
const CONCURRENCY = Number(process.env.LOGIN_C ?? 16);

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; message?: string; response: { token?: string } | null };
}

// s2026038 is the demo's disabled student.
const users = [
  'admin',
  'teacher',
  'student',
  'academic',
  ...Array.from({ length: 40 }, (_, i) => `s2026${String(i + 1).padStart(3, '0')}`),
].filter((u) => u !== 's2026038');
const lyceum = await startServer('lyceum');
const bare = await startServer('bare');
try {
  const base = `http://127.0.0.1:${lyceum.port}`;
  let failures = 0;
  const login = async (i: number) => {
    const r = await post(`${base}/api/user/login`, {
      userName: users[i % users.length],
      password: 'bench-pass-2026',
      domain: 'demo',
    });
    const token = r.response?.token;
    if (r.code !== 1 || !token) {
      failures++;
      if (failures <= 3) console.error('login failed:', JSON.stringify(r));
      return;
    }
    const menu = await fetch(`${base}/api/user/menu`, { headers: { token } }).then(
      (x) => x.json() as Promise<{ code: number }>,
    );
    if (menu.code !== 1) failures++;
  };
  await drive(20, 4, login); // warm-up
  const real = await drive(FLOWS, CONCURRENCY, login);
  const bareUrl = `http://127.0.0.1:${bare.port}/bare`;
  const bareFlow = async () => {
    await post(bareUrl, { userName: 'x', password: 'y', domain: 'z' });
    await post(bareUrl, {});
  };
  await drive(200, 4, bareFlow);
  const yard = await drive(Math.max(FLOWS * 10, 2000), CONCURRENCY, bareFlow);
  // The menu alone: session lookup, permissions and menu building on every call.
  const tokens: string[] = [];
  for (const u of users.slice(0, 8)) {
    const r = await post(`${base}/api/user/login`, { userName: u, password: 'bench-pass-2026', domain: 'demo' });
    tokens.push(r.response?.token ?? '');
  }
  const menuOnly = async (i: number) => {
    const m = await fetch(`${base}/api/user/menu`, { headers: { token: tokens[i % tokens.length] } }).then(
      (x) => x.json() as Promise<{ code: number }>,
    );
    if (m.code !== 1) failures++;
  };
  await drive(200, 4, menuOnly);
  const menu = await drive(4000, CONCURRENCY, menuOnly);
  const bareOne = () => post(bareUrl, {}).then(() => undefined);
  const yardOne = await drive(4000, CONCURRENCY, bareOne);
  const f = (n: number) => n.toFixed(1);
  console.log(`\nB1 login + menu, ${FLOWS} flows, ${CONCURRENCY} in flight (argon2id 19 MiB, t=2, p=1)`);
  console.log('target              flows/s     p50 ms    p99 ms');
  console.log(
    `lyceum login+menu   ${f(real.perSecond).padStart(8)}  ${f(real.p50).padStart(9)} ${f(real.p99).padStart(9)}`,
  );
  console.log(
    `bare fastify x2     ${f(yard.perSecond).padStart(8)}  ${f(yard.p50).padStart(9)} ${f(yard.p99).padStart(9)}`,
  );
  console.log(
    `menu only           ${f(menu.perSecond).padStart(8)}  ${f(menu.p50).padStart(9)} ${f(menu.p99).padStart(9)}`,
  );
  console.log(
    `bare fastify x1     ${f(yardOne.perSecond).padStart(8)}  ${f(yardOne.p50).padStart(9)} ${f(yardOne.p99).padStart(9)}`,
  );
  console.log(
    `ratio login+menu / bare x2: ${(real.perSecond / yard.perSecond).toFixed(4)} (argon2id is the deliberate cost)`,
  );
  console.log(
    `ratio menu / bare x1:       ${(menu.perSecond / yardOne.perSecond).toFixed(3)}   failures: ${failures}\n`,
  );
} finally {
  lyceum.child.kill();
  bare.child.kill();
}
