import { useEffect, useState } from 'react';

// The monitor's clock is the server's: a reply carries `serverNow` and each candidate's `timeLeftMs`,
// and between two polls the page moves them by the time elapsed since the reply arrived, measured on
// performance.now() (monotonic, and blind to a device whose date is set wrong or changes meanwhile).

// Time left now: the server's figure less what has elapsed since its reply (never below zero).
export function timeLeftNow(timeLeftMs: number, receivedAt: number, now: number): number {
  return Math.max(0, timeLeftMs - Math.max(0, now - receivedAt));
}

// The server's clock now (epoch ms), from its last reply.
export function serverNowAt(serverNow: number, receivedAt: number, now: number): number {
  return serverNow + Math.max(0, now - receivedAt);
}

const two = (n: number) => String(n).padStart(2, '0');

// "1:04:05" / "04:05": hours only when there are some.
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

export type Ago = { unit: 'now' } | { unit: 's' | 'min' | 'h' | 'd'; count: number };

// How long ago a moment was, in the largest whole unit: "12 s", "3 min", "2 h", "1 d".
export function agoParts(thenMs: number, nowMs: number): Ago {
  const seconds = Math.floor(Math.max(0, nowMs - thenMs) / 1000);
  if (seconds < 5) return { unit: 'now' };
  if (seconds < 60) return { unit: 's', count: seconds };
  if (seconds < 3600) return { unit: 'min', count: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: 'h', count: Math.floor(seconds / 3600) };
  return { unit: 'd', count: Math.floor(seconds / 86_400) };
}

// performance.now(), ticking every second while `running` (a hidden monitor tab does not tick).
export function useTick(running: boolean): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!running) return;
    setNow(performance.now());
    const timer = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
