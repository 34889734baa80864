import type { PaperStatus } from './enums/attempt-status';

// The events the server pushes (streamEndpoint), by stream: what the web listens for and what the
// server sends, named once. No schemas here: the shell opens the bell's stream on every page.
// An event says what changed, never the data itself: the page reads that through its usual call,
// with the caller's rights at that moment.

// A comment line every so often keeps proxies from closing a quiet stream, and tells the page the
// stream still holds.
export const PUSH_HEARTBEAT_MS = 25_000;
// A page that has heard nothing on a stream for this long (no event, no heartbeat: a proxy holding
// the answer back) takes it as lost and polls as it did before.
export const PUSH_SILENCE_MS = 60_000;

// What every stream carries.
export interface PushEvents {
  // The stream is open. What the page shows may have changed before it was, so the page reads again.
  ready: { heartbeatMs: number };
  // Changes may have gone unheard (the server's change bus reconnected): the page reads again.
  resync: Record<string, never>;
  // The server ends the stream: open long enough (a new one checks the session again), its session
  // ended or changed (logout, disabled, other roles: the new one is checked again), or stopping.
  bye: { reason: 'maxAge' | 'session' | 'shutdown' };
}

// GET /api/examLog/stream?examId=: one exam's board.
export interface MonitorEvents extends PushEvents {
  // Candidates' attempts changed (started, handed in, collected, events, an invigilator's action):
  // their user ids, or null for many at once; the status they now have, when they share one.
  candidate: { userIds: number[] | null; status: PaperStatus | null };
}

// GET /api/message/stream: the caller's bell.
export interface InboxEvents extends PushEvents {
  // A message reached the caller; it shows from `showsAt` (epoch ms), later when it is scheduled.
  message: { messageId: number; showsAt: number };
  // The caller's unread messages changed another way (read on another device, a message withdrawn).
  unread: Record<string, never>;
}

// ---- the wire ----

export interface SseEvent {
  event: string;
  data: string;
}

// Splits what has arrived into whole events (blank-line separated); comments (heartbeats) and
// fields other than event and data are skipped (`onComment` hears of a block of comments only);
// what is left is the start of the next event. The page, the tests and the benchmark read with it.
export function parseEvents(text: string, onComment?: () => void): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    const lines = block.split('\n');
    if (onComment && lines.every((l) => l.startsWith(':'))) onComment();
    for (const line of lines) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}
