import type { Heartbeat, HeartbeatResult } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { HeartbeatSender, type SenderEvent } from './heartbeat-sender';
import { PlayTracker } from './play-tracker';

// Media time advancing with the wall clock, as a player at `rate` does; returns the tracker's clock.
function playFor(t: PlayTracker, from: number, seconds: number, start: number, rate = 1): number {
  let now = start;
  for (let s = 0.25; s <= seconds + 1e-9; s += 0.25) {
    now = start + s * 1000;
    t.time(from + s * rate, now);
  }
  return now;
}

describe('PlayTracker', () => {
  it('reports what was played, cut at each take and going on from there', () => {
    const t = new PlayTracker();
    t.play(10, 0);
    let now = playFor(t, 10, 5, 0);
    expect(t.take(15, now)).toEqual([{ from: 10, to: 15, rate: 1, hidden: false }]);
    now = playFor(t, 15, 3, now);
    t.stop(18, now);
    expect(t.take(null, now)).toEqual([{ from: 15, to: 18, rate: 1, hidden: false }]);
    expect(t.take(null, now + 5000)).toEqual([]);
  });

  it('ends a range at a seek and starts the next where the playhead lands', () => {
    const t = new PlayTracker();
    t.play(0, 0);
    const now = playFor(t, 0, 4, 0);
    t.seek(60, now);
    t.time(60.25, now + 250);
    t.time(61, now + 1000);
    expect(t.take(null, now + 1000)).toEqual([
      { from: 0, to: 4, rate: 1, hidden: false },
      { from: 60, to: 61, rate: 1, hidden: false },
    ]);
  });

  it('treats an unannounced jump ahead or back as a seek, never claiming what lies between', () => {
    const t = new PlayTracker();
    t.play(0, 0);
    t.time(1, 1000);
    t.time(30, 1250); // 29 s of media in a quarter of a second
    t.time(31, 2250);
    t.time(5, 2500); // back
    t.time(6, 3500);
    expect(t.take(null, 3500)).toEqual([
      { from: 0, to: 1, rate: 1, hidden: false },
      { from: 30, to: 31, rate: 1, hidden: false },
      { from: 5, to: 6, rate: 1, hidden: false },
    ]);
  });

  it('splits at a change of speed, each range with its own rate', () => {
    const t = new PlayTracker();
    t.play(0, 0);
    let now = playFor(t, 0, 2, 0);
    t.setRate(2, 2, now);
    now = playFor(t, 2, 2, now, 2);
    expect(t.take(6, now)).toEqual([
      { from: 0, to: 2, rate: 1, hidden: false },
      { from: 2, to: 6, rate: 2, hidden: false },
    ]);
  });

  it('splits when the page is hidden and shown again, marking the hidden part', () => {
    const t = new PlayTracker();
    t.play(0, 0);
    let now = playFor(t, 0, 3, 0);
    t.setHidden(true, 3, now);
    now = playFor(t, 3, 2, now);
    t.setHidden(false, 5, now);
    now = playFor(t, 5, 1, now);
    expect(t.take(null, now)).toEqual([
      { from: 0, to: 3, rate: 1, hidden: false },
      { from: 3, to: 5, rate: 1, hidden: true },
      { from: 5, to: 6, rate: 1, hidden: false },
    ]);
  });

  it('keeps speed and visibility changed while paused for the next range', () => {
    const t = new PlayTracker();
    t.setRate(1.5, null, 0);
    t.setHidden(true, null, 0);
    t.play(0, 0);
    const now = playFor(t, 0, 2, 0, 1.5);
    t.stop(3, now);
    expect(t.take(null, now)).toEqual([{ from: 0, to: 3, rate: 1.5, hidden: true }]);
  });

  it('drops a range too short to mean anything and ignores time while paused', () => {
    const t = new PlayTracker();
    t.time(10, 0);
    t.play(10, 0);
    t.stop(10.01, 10);
    t.time(20, 1000);
    expect(t.playing).toBe(false);
    expect(t.take(null, 1000)).toEqual([]);
  });
});

const result = (nonce: string, counted = 1): HeartbeatResult => ({
  nonce,
  counted,
  state: {
    lessonId: 7,
    status: 1,
    percent: 10,
    missing: null,
    locked: false,
    lockedBy: [],
    completedAt: null,
    position: 0,
    quizScore: null,
  },
  courseProgress: 5,
  courseStatus: 1,
});

class Refusal extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

// A server that answers each report with the next nonce, or refuses by the script.
function fakeServer(refuse: Record<number, string> = {}) {
  const sent: { body: Heartbeat; keepalive: boolean }[] = [];
  const waiting: (() => void)[] = [];
  const send = (body: Heartbeat, keepalive: boolean) => {
    sent.push({ body, keepalive });
    const n = sent.length;
    return new Promise<HeartbeatResult>((resolve, reject) => {
      waiting.push(() => (refuse[n] ? reject(new Refusal(refuse[n])) : resolve(result(`n${n}`))));
    });
  };
  const answer = async () => {
    waiting.shift()?.();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { sent, send, answer };
}

const range = (from: number, to: number) => ({ from, to, rate: 1, hidden: false });
const isStale = (e: unknown) => e instanceof Refusal && e.key === 'heartbeatNonce';

describe('HeartbeatSender', () => {
  it('sends one report at a time, each with the nonce the last answer gave', async () => {
    const server = fakeServer();
    const events: SenderEvent[] = [];
    const sender = new HeartbeatSender(7, 'n0', server.send, isStale, (e) => events.push(e));
    sender.push([range(0, 4), range(60, 61)], 61);
    expect(server.sent).toHaveLength(1);
    expect(sender.pending).toBe(2);
    await server.answer();
    await server.answer();
    expect(server.sent.map((s) => [s.body.nonce, s.body.from, s.body.to])).toEqual([
      ['n0', 0, 4],
      ['n1', 60, 61],
    ]);
    expect(server.sent[1]?.body.position).toBeUndefined();
    expect(events.map((e) => e.kind)).toEqual(['answer', 'answer']);
  });

  it('stops for good when the lesson was opened elsewhere', async () => {
    const server = fakeServer({ 1: 'heartbeatNonce' });
    const events: SenderEvent[] = [];
    const sender = new HeartbeatSender(7, 'n0', server.send, isStale, (e) => events.push(e));
    sender.push([range(0, 4), range(4, 8)]);
    await server.answer();
    sender.push([range(8, 9)]);
    sender.pushPosition(3, 1, false);
    expect(server.sent).toHaveLength(1);
    expect(sender.isSpent).toBe(true);
    expect(events).toEqual([{ kind: 'stale' }]);
  });

  it('drops a report refused for another reason and goes on with the same nonce', async () => {
    const server = fakeServer({ 1: 'heartbeatTooFast' });
    const sender = new HeartbeatSender(7, 'n0', server.send, isStale, () => undefined);
    sender.push([range(0, 40), range(40, 41)]);
    await server.answer();
    await server.answer();
    expect(server.sent.map((s) => s.body.nonce)).toEqual(['n0', 'n0']);
    expect(sender.isSpent).toBe(false);
  });

  it('carries where the player stands, and sends on leaving with keepalive', async () => {
    const server = fakeServer();
    const sender = new HeartbeatSender(7, 'n0', server.send, isStale, () => undefined);
    sender.pushPosition(42, 1, false);
    await server.answer();
    sender.push([range(42, 45)], 30, true);
    expect(server.sent.map((s) => ({ ...s.body, keepalive: s.keepalive }))).toEqual([
      { lessonId: 7, nonce: 'n0', from: 42, to: 42, rate: 1, hidden: false, position: 42, keepalive: false },
      { lessonId: 7, nonce: 'n1', from: 42, to: 45, rate: 1, hidden: false, position: 30, keepalive: true },
    ]);
  });
});
