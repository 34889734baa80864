import { useEffect, useState } from 'react';

// Whole days, hours, minutes and seconds left until a moment (zero once it has passed).
export function countdownParts(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

// "3 d 04:05:06" / "3天 04:05:06"; "04:05:06" within a day. `dayUnit` is the language's day mark.
export function countdownText(ms: number, dayUnit: (days: number) => string): string {
  const { days, hours, minutes, seconds } = countdownParts(ms);
  const clock = `${two(hours)}:${two(minutes)}:${two(seconds)}`;
  return days > 0 ? `${dayUnit(days)} ${clock}` : clock;
}

// The server's time now, ticking every second: the device clock moved by the offset measured when
// the server last answered.
export function useServerNow(offset: number | undefined): number {
  const [now, setNow] = useState(() => Date.now() + (offset ?? 0));
  useEffect(() => {
    setNow(Date.now() + (offset ?? 0));
    const timer = setInterval(() => setNow(Date.now() + (offset ?? 0)), 1000);
    return () => clearInterval(timer);
  }, [offset]);
  return now;
}
