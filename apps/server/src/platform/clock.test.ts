import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { clock, setClock, testClockRoute } from './clock';

describe('the test clock route', () => {
  afterEach(() => setClock(null));

  it('sets the clock to a time, and back to real time with null; refuses anything else', async () => {
    const app = Fastify({ logger: false });
    testClockRoute(app);
    const at = Date.parse('2030-01-01T08:00:00Z');
    const moved = await app.inject({ method: 'POST', url: '/__test/clock', payload: { at } });
    expect(moved.statusCode).toBe(200);
    expect(Math.abs(clock.now() - at)).toBeLessThan(5_000);
    expect((await app.inject({ method: 'POST', url: '/__test/clock', payload: { at: 'soon' } })).statusCode).toBe(400);
    expect(Math.abs(clock.now() - at)).toBeLessThan(5_000);
    await app.inject({ method: 'POST', url: '/__test/clock', payload: { at: null } });
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(5_000);
    await app.close();
  });
});
