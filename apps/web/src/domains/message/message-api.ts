import type {
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { cleanFilter, type Paged, resourceApi, type SaveOf } from '../../crud/resource-api';
import { type Cancel, call } from '../../shell/request';

export type MessageSave = SaveOf<MessageInput>;
export type MessageFilter = z.input<typeof zMessageFilter>;
export type ReceiptFilter = Omit<z.input<typeof zReceiptRequest>, 'pageIndex' | 'pageSize'>;
export type InboxFilter = Omit<z.input<typeof zInboxRequest>, 'pageIndex' | 'pageSize'>;

// The staff's queries sit under the resource's name, the inbox's (the bell, the inbox, the reader,
// the portal's card) under INBOX_KEY, so one change refreshes every place that shows it.
export const MESSAGE_KEY = 'message';
export const INBOX_KEY = 'inbox';
// The bell asks again every minute (and when the window comes back into focus).
export const UNREAD_POLL_MS = 60_000;

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

// The bell's figures: unread count and the need-read messages still to confirm. Silent: a failed poll
// is tried again a minute later rather than toasted.
export function useUnreadSummary() {
  return useQuery({
    queryKey: [INBOX_KEY, 'unread'],
    queryFn: ({ signal }) => call(api.message.unread, {}, { signal, silent: true }),
    refetchInterval: UNREAD_POLL_MS,
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

// After reading or confirming: the bell, the lists and the portal's card ask again (the open message
// itself is not fetched again: that would be another "view").
export function useInboxRefresh() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === INBOX_KEY && q.queryKey[1] !== 'view' });
    void client.invalidateQueries({ queryKey: ['studentPortal'] });
  }, [client]);
}
