import type { InboxEvents } from '@lyceum/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { pushChannel } from '../../platform/push';
import { inOrg } from '../../platform/tenant-sql';
import { messageReceipts } from './message.table';

// The bell's live updates (GET /api/message/stream, platform/push.ts): one stream key per user.
export const inboxBell = pushChannel<InboxEvents>('inbox');

// Whoever holds a receipt of the message, read in the writing transaction (so the receipts just
// written count): a notice to the whole school is one read and a few bus messages.
async function recipients(db: DbOrTx, orgId: number, messageId: number): Promise<number[]> {
  const found = await db
    .select({ userId: messageReceipts.userId })
    .from(messageReceipts)
    .where(inOrg(messageReceipts, orgId, [eq(messageReceipts.messageId, messageId)]));
  return found.map((r) => r.userId);
}

// A message reached its recipients (delivery, message-delivery.ts): their bells hear of it when the
// transaction commits, and pages with a message scheduled for later ask again when it shows.
export async function announceMessage(db: DbOrTx, orgId: number, messageId: number, showsAt: Date): Promise<void> {
  const to = await recipients(db, orgId, messageId);
  await inboxBell.announce(db, orgId, to, 'message', { messageId, showsAt: showsAt.getTime() });
}

// The message left its recipients' inboxes (withdrawn): their unread counts change.
export async function announceWithdrawn(db: DbOrTx, orgId: number, messageId: number): Promise<void> {
  await inboxBell.announce(db, orgId, await recipients(db, orgId, messageId), 'unread', {});
}

// The user's unread messages changed (read here, so their other devices update their bells).
export async function announceRead(db: DbOrTx, orgId: number, userId: number): Promise<void> {
  await inboxBell.announce(db, orgId, [userId], 'unread', {});
}
