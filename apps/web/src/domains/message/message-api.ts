import type {
  InboxEvents,
  InboxMessage,
  InboxPage,
  Message,
  MessageInput,
  PageRequest,
  zInboxRequest,
  zMessageFilter,
  zReceiptRequest,
} from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { z } from 'zod';
import { cleanFilter, type Paged, resourceApi, type SaveOf } from '../../crud/resource-api';
import { usePush } from '../../shell/push';
import { gather } from '../../shell/push-wire';
import { type Cancel, call } from '../../shell/request';

export type MessageSave = SaveOf<MessageInput>;
export type MessageFilter = z.input<typeof zMessageFilter>;
export type ReceiptFilter = Omit<z.input<typeof zReceiptRequest>, 'pageIndex' | 'pageSize'>;
export type InboxFilter = Omit<z.input<typeof zInboxRequest>, 'pageIndex' | 'pageSize'>;

// The staff's queries sit under the resource's name, the inbox's (the bell, the inbox, the reader,
// the portal's card) under INBOX_KEY, so one change refreshes every place that shows it.
export const MESSAGE_KEY = 'message';
export const INBOX_KEY = 'inbox';
// The bell asks again every minute (and when the window comes back into focus) while its stream is
// not live; while it is, events bring the changes, and this catches what no event announces (a
// message's showing window ending).
export const UNREAD_POLL_MS = 60_000;
export const UNREAD_LIVE_MS = 10 * 60_000;
// A message scheduled further ahead than this is found by the next read rather than a timer.
const SCHEDULE_AHEAD_MS = 24 * 3_600_000;

export const messageApi = resourceApi<Message, MessageSave, MessageSave, MessageFilter & PageRequest>(MESSAGE_KEY);

// Calls about one message beyond its actions (publish, withdraw and remind run through useAction).
export const messageActions = {
  exportReceipts: (id: number, body: ReceiptFilter) =>
    call(api.message.receiptsExport, { params: { id }, body: cleanFilter(body) as ReceiptFilter }, { loading: true }),
};

export const messageReceipts = (id: number, req: Paged<ReceiptFilter>, { signal }: Cancel = {}) =>
  call(api.message.receipts, { params: { id }, body: cleanFilter(req) as typeof req }, { signal, retry: 2 });

// ---- the inbox of the signed-in user ----

export const inboxPage = (req: Paged<InboxFilter>, { signal }: Cancel = {}): Promise<InboxPage> =>
  call(api.message.inbox, { body: cleanFilter(req) as typeof req }, { signal, retry: 2 });

export const inboxActions = {
  view: (id: number, { signal }: Cancel = {}) => call(api.message.view, { params: { id } }, { signal }),
  confirmRead: (id: number) => call(api.message.read, { params: { id } }, { loading: true }),
  readAll: () => call(api.message.readAll, {}, { loading: true }),
};

// The bell, the lists and the portal's card ask again (the open message itself is not fetched
// again: that would be another "view").
function refreshInbox(client: QueryClient) {
  void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === INBOX_KEY && q.queryKey[1] !== 'view' });
  void client.invalidateQueries({ queryKey: ['studentPortal'] });
}

// The bell's events, from every component that shows its figures, become one read per burst.
const inboxChanged = gather<QueryClient>((clients) => {
  for (const client of new Set(clients)) refreshInbox(client);
}, 200);
const scheduled = new Set<number>();

// The bell's live updates (GET /api/message/stream): a message arrived, or the unread count changed
// on another device. A message scheduled for later is read again when it starts showing.
function useInboxPush(client: QueryClient) {
  const opened = useRef(false);
  return usePush<InboxEvents>(
    api.message.stream,
    {},
    {
      // The first opening comes with the bell's own first read; a later one may have missed changes.
      ready: () => {
        if (opened.current) inboxChanged.add(client);
        opened.current = true;
      },
      // Every page hears it at once: spread their reads over a few seconds.
      resync: () => setTimeout(() => inboxChanged.add(client), Math.random() * 5_000),
      message: ({ messageId, showsAt }) => {
        inboxChanged.add(client);
        const wait = showsAt - Date.now();
        if (wait <= 0 || wait > SCHEDULE_AHEAD_MS || scheduled.has(messageId)) return;
        scheduled.add(messageId);
        setTimeout(() => {
          scheduled.delete(messageId);
          inboxChanged.add(client);
        }, wait + 1_000);
      },
      unread: () => inboxChanged.add(client),
    },
  );
}

// The bell's figures: unread count and the need-read messages still to confirm. Silent: a failed poll
// is tried again a minute later rather than toasted.
export function useUnreadSummary() {
  const client = useQueryClient();
  const { live } = useInboxPush(client);
  return useQuery({
    queryKey: [INBOX_KEY, 'unread'],
    queryFn: ({ signal }) => call(api.message.unread, {}, { signal, silent: true }),
    refetchInterval: live ? UNREAD_LIVE_MS : UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

// One message of the inbox. Reading it (a GET) changes nothing; opening it here marks it read with
// the POST (unless it waits for a confirmation). Should that fail, the message still shows, unread.
async function openMessage(id: number, signal?: AbortSignal): Promise<InboxMessage> {
  const m = await inboxActions.view(id, { signal });
  if (m.readAt || m.needRead) return m;
  const read = await call(api.message.read, { params: { id } }, { signal, silent: true }).catch(() => null);
  return read ? { ...m, readAt: read.readAt } : m;
}

export function useInboxMessage(id: number | null) {
  return useQuery({
    queryKey: [INBOX_KEY, 'view', id],
    queryFn: ({ signal }) => openMessage(id as number, signal),
    enabled: id !== null,
  });
}

// After reading or confirming: the bell, the lists and the portal's card ask again.
export function useInboxRefresh() {
  const client = useQueryClient();
  return useCallback(() => refreshInbox(client), [client]);
}
