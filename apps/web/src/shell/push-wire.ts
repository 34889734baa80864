// The pure parts of live updates (push.ts): reading the event stream's text, and turning a burst of
// events into one read.

// The stream's text is read by the contract's parser (shared with the server's tests and the bench).
export { parseEvents, type SseEvent } from '@lyceum/contract';

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
