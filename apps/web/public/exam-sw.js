// The exam page's service worker (issue 36): a reload without the network still opens the exam page,
// from the copy kept here, and the page then says the answers saved on this device are safe and tries
// the server again. It keeps only the exam page and its assets (named by content hash, so a kept one is
// never stale); API answers are never kept. Registered by the exam page for /take/ only.
const CACHE = 'lyceum-exam-v1';
// The exam page is the same HTML for every exam: kept once, under this key.
const SHELL = '/take/shell';

self.addEventListener('install', (event) => {
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

// The page and every asset it names, read once at install (any /take/ address answers the page).
async function keepShell() {
  const cache = await caches.open(CACHE);
  const res = await fetch('/take/0', { cache: 'no-store', credentials: 'same-origin' });
  if (!res.ok) return;
  const html = await res.clone().text();
  await cache.put(SHELL, res);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cache.addAll([...new Set(assets)]);
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === 'navigate' && url.pathname.startsWith('/take/')) event.respondWith(pageFirstFromNetwork(req));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(assetFromCache(req));
});

// The page from the server when it answers (kept for next time), else the kept copy.
async function pageFirstFromNetwork(req) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    if (res.ok) await cache.put(SHELL, res.clone());
    return res;
  } catch (err) {
    const kept = await cache.match(SHELL);
    if (kept) return kept;
    throw err;
  }
}

// An asset from the cache (it never changes under its name), else from the server, then kept.
async function assetFromCache(req) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(req, { ignoreVary: true });
  if (kept) return kept;
  const res = await fetch(req);
  if (res.ok) await cache.put(req, res.clone());
  return res;
}
