import type { AttemptSaveResult, AttemptSubmitResult, SaveItem } from '@lyceum/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerSync, type SyncTransport, saveStateOf } from './answer-sync';
import { ApiError } from './api';
import { memoryJournal } from './journal';

const ATTEMPT = 7;
const TIMING = { batchMs: 1000, heartbeatMs: 10_000, backoffMs: [1000, 2000] };

// A server that keeps the highest revision per question, as the protocol says; it can be cut off.
function fakeServer() {
  const stored = new Map<number, { answer: unknown; revision: number }>();
  let down = false;
  const calls: SaveItem[][] = [];
  const now = 1_700_000_000_000;
  const keep = (items: SaveItem[]) =>
    items.map((i) => {
      const held = stored.get(i.questionId);
      if (!held || i.revision > held.revision) stored.set(i.questionId, { answer: i.answer, revision: i.revision });
      return { questionId: i.questionId, revision: stored.get(i.questionId)?.revision ?? 0 };
    });
  const transport: SyncTransport = {
    async save(items) {
      calls.push(items);
      if (down) throw new ApiError(0, 'offline');
      return {
        acked: keep(items),
        status: 3,
        serverNow: now,
        deadline: now + 3_600_000,
        closesAt: 0,
        notice: null,
      } as AttemptSaveResult;
    },
    async submit(items) {
      if (down) throw new ApiError(0, 'offline');
      return {
        attemptId: ATTEMPT,
        status: 4,
        endedAt: now,
        answered: stored.size,
        total: 3,
        acked: keep(items),
        serverNow: now,
      } as AttemptSubmitResult;
    },
  };
  return {
    transport,
    stored,
    calls,
    setDown: (d: boolean) => {
      down = d;
    },
  };
}

function make(server = fakeServer()) {
  const hooks = { onReply: vi.fn(), onNewerElsewhere: vi.fn(), onRefused: vi.fn() };
  const journal = memoryJournal();
  const sync = new AnswerSync(ATTEMPT, journal, server.transport, hooks, TIMING);
  return { sync, journal, hooks, server };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the answer sync', () => {
  it('journals a change first, sends it in a batch, and shows it saved at the server time', async () => {
    const { sync, journal, server } = make();
    await sync.load([], []);
    sync.start();
    sync.change(1, 'A');
    sync.change(2, true);
    expect(saveStateOf(sync.getState().entries.get(1), true).kind).toBe('saving');
    await vi.advanceTimersByTimeAsync(0);
    expect((await journal.list(ATTEMPT)).map((e) => e.answer)).toEqual(['A', true]);
    expect(server.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0].map((i) => i.questionId)).toEqual([1, 2]);
    expect(saveStateOf(sync.getState().entries.get(1), true)).toEqual({ kind: 'saved', at: 1_700_000_000_000 });
    expect(sync.hasUnsaved()).toBe(false);
    expect((await journal.list(ATTEMPT)).every((e) => e.acked === e.revision)).toBe(true);
  });

  it('keeps answers while the server cannot be reached, shows them offline, and sends them when back', async () => {
    const { sync, server } = make();
    await sync.load([], []);
    sync.start();
    server.setDown(true);
    sync.change(1, 'B');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sync.getState().online).toBe(false);
    expect(saveStateOf(sync.getState().entries.get(1), false).kind).toBe('offline');
    sync.change(1, 'C');
    server.setDown(false);
    sync.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.stored.get(1)).toEqual({ answer: 'C', revision: 2 });
    expect(sync.getState().online).toBe(true);
    expect(sync.getState().unsaved).toBe(0);
  });

  it('on start merges the journal and the server by revision and sends what the server lacks', async () => {
    const { sync, journal, server } = make();
    await journal.put({ attemptId: ATTEMPT, questionId: 1, answer: 'mine', revision: 5, acked: 5, savedAt: 1 });
    await journal.put({ attemptId: ATTEMPT, questionId: 2, answer: 'old', revision: 2, acked: 2, savedAt: 1 });
    await journal.put({
      attemptId: ATTEMPT,
      questionId: 3,
      answer: 'never sent',
      revision: 1,
      acked: 0,
      savedAt: null,
    });
    await sync.load(
      [
        { questionId: 1, answer: 'server old', revision: 3, savedAt: 2 },
        { questionId: 2, answer: 'other device', revision: 4, savedAt: 2 },
      ],
      await journal.list(ATTEMPT),
    );
    const entries = sync.getState().entries;
    expect(entries.get(1)?.answer).toBe('mine');
    expect(entries.get(2)?.answer).toBe('other device');
    expect((await journal.list(ATTEMPT)).find((e) => e.questionId === 2)?.answer).toBe('other device');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls[0].map((i) => [i.questionId, i.revision])).toEqual([
      [1, 5],
      [3, 1],
    ]);
    // The next change of a question the server held at 4 goes above it.
    sync.change(2, 'changed');
    expect(sync.getState().entries.get(2)?.revision).toBe(5);
  });

  it('asks for the server answers when an ack is above what was sent (another tab or device)', async () => {
    const { sync, server, hooks } = make();
    await sync.load([], []);
    server.stored.set(1, { answer: 'elsewhere', revision: 9 });
    sync.change(1, 'here');
    await vi.advanceTimersByTimeAsync(1000);
    expect(hooks.onNewerElsewhere).toHaveBeenCalledOnce();
    await sync.mergeServer([{ questionId: 1, answer: 'elsewhere', revision: 9, savedAt: 3 }]);
    expect(sync.getState().entries.get(1)).toMatchObject({ answer: 'elsewhere', revision: 9, acked: 9 });
  });

  it('sends a heartbeat when nothing changes', async () => {
    const { sync, server } = make();
    await sync.load([], []);
    sync.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.calls).toEqual([[]]);
  });

  it('hands in with the unsaved answers and stops', async () => {
    const { sync, server } = make();
    await sync.load([], []);
    sync.start();
    sync.change(1, 'last');
    const result = await sync.submit('manual');
    expect(result.status).toBe(4);
    expect(server.stored.get(1)?.answer).toBe('last');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(server.calls).toHaveLength(0);
  });

  it('saves everything at once when asked (before a check, to finish later), without waiting for the batch', async () => {
    const { sync, server } = make();
    await sync.load([], []);
    sync.start();
    sync.change(1, 'A');
    sync.change(2, ['x', 'y']);
    // No timer runs: the save is sent now, and the answer is whether the server holds them all.
    expect(await sync.saveAll()).toBe(true);
    expect(server.stored.get(1)).toEqual({ answer: 'A', revision: 1 });
    expect(server.stored.get(2)?.answer).toEqual(['x', 'y']);
    expect(sync.getState().unsaved).toBe(0);
    // Nothing left: no call at all.
    expect(await sync.saveAll()).toBe(true);
    expect(server.calls).toHaveLength(1);
  });

  it('says so when everything could not be saved, and leaves the retries to the backoff', async () => {
    const { sync, server } = make();
    await sync.load([], []);
    sync.start();
    server.setDown(true);
    sync.change(1, 'A');
    expect(await sync.saveAll()).toBe(false);
    expect(server.calls).toHaveLength(1);
    expect(sync.getState().online).toBe(false);
    server.setDown(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.stored.get(1)?.answer).toBe('A');
  });

  it('leaves a refusal to the page and does not retry it by itself', async () => {
    const server = fakeServer();
    server.transport.save = async () => {
      throw new ApiError(500, 'ended', { key: 'attemptEnded' });
    };
    const { sync, hooks } = make(server);
    await sync.load([], []);
    sync.change(1, 'x');
    await vi.advanceTimersByTimeAsync(1000);
    expect(hooks.onRefused).toHaveBeenCalledOnce();
    sync.change(1, 'y');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(hooks.onRefused).toHaveBeenCalledOnce();
  });
});
