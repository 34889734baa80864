import type { FastifyInstance } from 'fastify';

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

// Browser tests run the real server in its own process: with LYCEUM_TEST_CLOCK=1 it takes
// `POST /__test/clock {"at": <epoch ms or ISO text> | null}` to set its clock (null: real time again),
// outside /api, the route catalogue and the docs. A real server never registers it.
export function testClockRoute(app: FastifyInstance): void {
  app.log.warn('LYCEUM_TEST_CLOCK=1: POST /__test/clock moves this server’s clock (browser tests only)');
  app.post('/__test/clock', async (req, reply) => {
    const at = (req.body as { at?: unknown } | undefined)?.at;
    const valid =
      at === null ||
      (typeof at === 'number' && Number.isFinite(at)) ||
      (typeof at === 'string' && !Number.isNaN(Date.parse(at)));
    if (!valid) return reply.code(400).send({ message: 'at: an epoch time in ms, an ISO time, or null' });
    setClock(at as number | string | null);
    return { now: clock.now() };
  });
}
