// The pure parts of live updates (push.ts): reading the event stream's text, and turning a burst of
// events into one read.

export interface SseEvent {
  event: string;
  data: string;
}

// Splits what has arrived into whole events (blank-line separated); comments (heartbeats) and
// fields other than event and data are skipped; what is left is the start of the next event.
export function parseEvents(text: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
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

// Runs `run` with the items gathered since it last ran: `delayMs` after the first one, and no
// sooner than `gapMs` after the last run (a burst of events becomes one read, not one per event).
export function gather<T>(run: (items: T[]) => void, delayMs = 250, gapMs = 1_000) {
  let items: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = Number.NEGATIVE_INFINITY;
  return {
    add(item: T) {
      items.push(item);
      if (timer) return;
      const wait = Math.max(delayMs, last + gapMs - Date.now());
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        const batch = items;
        items = [];
        run(batch);
      }, wait);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      items = [];
    },
  };
}
