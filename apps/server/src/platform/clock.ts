// The server's clock. Everything that depends on the time of day (an exam's status, whether its
// window or a registration window is open, deadlines) reads `clock.now()`, never Date.now(), so
// tests can set the time instead of sleeping. Only tests move it (`setClock`); in production it is
// the machine's clock, which every server process shares with the database's.
let offsetMs = 0;

export const clock = {
  now(): number {
    return Date.now() + offsetMs;
  },
  date(): Date {
    return new Date(clock.now());
  },
};

// Tests: make `clock.now()` read `at` (epoch ms or ISO text) from now on; null goes back to real time.
export function setClock(at: number | string | null): void {
  offsetMs = at === null ? 0 : (typeof at === 'string' ? Date.parse(at) : at) - Date.now();
}
