import type { MonitorEvents, PaperStatus } from '@lyceum/contract';
import type { RequestContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { pushChannel } from '../../platform/push';
import { watchedExam } from './monitor-access';

// The monitor's live board (GET /api/examLog/stream, platform/push.ts): one stream key per exam.
export const examBoard = pushChannel<MonitorEvents>('exam');

// The stream key of an exam's board, for those who may watch it ("not found" for anyone else).
export async function watchedBoard(ctx: RequestContext, examId: number): Promise<string> {
  await watchedExam(ctx, examId);
  return examBoard.key(ctx.orgId, examId);
}

// More candidates than this changed at once (a collection at the deadline): the board reads its page
// again rather than each of them.
const NAMED = 100;

// Tells the exam's boards, in every process, that these candidates' attempts changed (started,
// handed in, collected, an event, an invigilator's action), with the status they now share if any.
// Call it in the transaction that makes the change: the boards hear of it when it commits.
export async function announceCandidates(
  db: DbOrTx,
  orgId: number,
  examId: number,
  userIds: readonly number[] | null,
  status: PaperStatus | null = null,
): Promise<void> {
  if (userIds?.length === 0) return;
  const named = userIds && userIds.length <= NAMED ? [...new Set(userIds)] : null;
  await examBoard.announce(db, orgId, [examId], 'candidate', { userIds: named, status });
}
