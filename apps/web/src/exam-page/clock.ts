// The server's clock as this page sees it: every reply carries `serverNow`; the time since that reply
// is measured with the monotonic `performance.now()`, so a device clock set wrong (or changed during
// the exam) moves nothing. Date.now() is never read for the exam's time.
export class ServerClock {
  private serverAt = 0;
  private perfAt = 0;
  private rtt = Number.POSITIVE_INFINITY;
  private synced = false;

  constructor(private readonly perfNow: () => number = () => performance.now()) {}

  // `sentAt` and `receivedAt` are performance.now() readings around the request: the server's reading
  // is taken to be from the middle of the round trip. A sample from a much slower round trip than the
  // best seen is kept only when the last one is over a minute old (a long trip is a vaguer reading).
  sync(serverNow: number, sentAt: number, receivedAt: number): void {
    const rtt = Math.max(0, receivedAt - sentAt);
    const stale = receivedAt - this.perfAt > 60_000;
    if (this.synced && rtt > this.rtt * 1.5 + 50 && !stale) return;
    this.serverAt = serverNow;
    this.perfAt = sentAt + rtt / 2;
    this.rtt = stale ? rtt : Math.min(this.rtt, rtt);
    this.synced = true;
  }

  now(): number {
    return this.serverAt + (this.perfNow() - this.perfAt);
  }
}

// Wraps a call so its reply's `serverNow` corrects the clock.
export async function timed<T extends { serverNow: number }>(clock: ServerClock, run: () => Promise<T>): Promise<T> {
  const sentAt = performance.now();
  const reply = await run();
  clock.sync(reply.serverNow, sentAt, performance.now());
  return reply;
}

// "10:42:13" of a moment on the server's clock, in the reader's time zone.
export function clockTime(epochMs: number, lang: 'en' | 'zh'): string {
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(epochMs);
}

// "1:05:09" or "05:09": the time left, never below zero.
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
