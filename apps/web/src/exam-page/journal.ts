import type { StudentAnswer } from '@lyceum/contract';
import { type DBSchema, openDB } from 'idb';

// The answer journal: every change is written here before it is sent, so a refresh, a crash, a
// closed tab or a lost network keeps it. One entry per attempt and question: the answer, its
// revision (the client's counter) and the revision the server acknowledged holding.
export interface JournalEntry {
  attemptId: number;
  questionId: number;
  answer: StudentAnswer;
  revision: number;
  acked: number;
  // When the server acknowledged it, on the server's clock.
  savedAt: number | null;
}

export interface Journal {
  list(attemptId: number): Promise<JournalEntry[]>;
  // Writes a change with a revision above both the stored one and `minRevision` (so two tabs of one
  // browser never reuse a revision) and returns the revision written.
  record(attemptId: number, questionId: number, answer: StudentAnswer, minRevision: number): Promise<number>;
  // Replaces an entry (the server's newer answer was taken).
  put(entry: JournalEntry): Promise<void>;
  // Notes the server's acknowledgement, never lowering what is known.
  ack(attemptId: number, questionId: number, acked: number, savedAt: number): Promise<void>;
  clear(attemptId: number): Promise<void>;
}

interface Schema extends DBSchema {
  answers: { key: [number, number]; value: JournalEntry; indexes: { attempt: number } };
}

const DB_NAME = 'lyceum-exam';

// The entry a change writes over the stored one (both journals): the next revision, what the
// server acknowledged kept.
function recorded(
  stored: JournalEntry | undefined,
  attemptId: number,
  questionId: number,
  answer: StudentAnswer,
  minRevision: number,
): JournalEntry {
  return {
    attemptId,
    questionId,
    answer,
    revision: Math.max((stored?.revision ?? 0) + 1, minRevision),
    acked: stored?.acked ?? 0,
    savedAt: stored?.savedAt ?? null,
  };
}

export async function openJournal(): Promise<Journal> {
  const db = await openDB<Schema>(DB_NAME, 1, {
    upgrade(database) {
      const store = database.createObjectStore('answers', { keyPath: ['attemptId', 'questionId'] });
      store.createIndex('attempt', 'attemptId');
    },
  });
  return {
    list: (attemptId) => db.getAllFromIndex('answers', 'attempt', attemptId),
    async record(attemptId, questionId, answer, minRevision) {
      const tx = db.transaction('answers', 'readwrite');
      const entry = recorded(await tx.store.get([attemptId, questionId]), attemptId, questionId, answer, minRevision);
      await tx.store.put(entry);
      await tx.done;
      return entry.revision;
    },
    async put(entry) {
      await db.put('answers', entry);
    },
    async ack(attemptId, questionId, acked, savedAt) {
      const tx = db.transaction('answers', 'readwrite');
      const stored = await tx.store.get([attemptId, questionId]);
      if (stored && acked > stored.acked) await tx.store.put({ ...stored, acked, savedAt });
      await tx.done;
    },
    async clear(attemptId) {
      const tx = db.transaction('answers', 'readwrite');
      for (const key of await tx.store.index('attempt').getAllKeys(attemptId)) await tx.store.delete(key);
      await tx.done;
    },
  };
}

// Where IndexedDB is refused (some private modes): the same journal in memory, so the page still
// works while it stays open; the page says answers are not kept on the device.
export function memoryJournal(): Journal {
  const rows = new Map<string, JournalEntry>();
  const key = (a: number, q: number) => `${a}:${q}`;
  return {
    list: async (attemptId) => [...rows.values()].filter((r) => r.attemptId === attemptId),
    async record(attemptId, questionId, answer, minRevision) {
      const entry = recorded(rows.get(key(attemptId, questionId)), attemptId, questionId, answer, minRevision);
      rows.set(key(attemptId, questionId), entry);
      return entry.revision;
    },
    async put(entry) {
      rows.set(key(entry.attemptId, entry.questionId), entry);
    },
    async ack(attemptId, questionId, acked, savedAt) {
      const stored = rows.get(key(attemptId, questionId));
      if (stored && acked > stored.acked) rows.set(key(attemptId, questionId), { ...stored, acked, savedAt });
    },
    async clear(attemptId) {
      for (const [k, r] of rows) if (r.attemptId === attemptId) rows.delete(k);
    },
  };
}
