import { BookingOwner, BookingResource, ExamState, isOpenWindow } from '@lyceum/contract';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { inOrg } from '../../platform/tenant-sql';
import { type Booking, book, registerBookingOwner, unbook } from '../timetable/booking.service';
import { examInvigilators, exams, examTeams } from './exam.table';

// A published exam sitting takes its time in the clash engine (decision 54): its venue and its
// invigilators exclusively, its classes shared (two exams of one class warn, decision 43; a lesson
// of the class at that time is refused). Drafts, homework and open-window exams (a practice month)
// take nothing: nobody sits in a room for a month.
// `publishing`: called by the publish action, before the engine sets the state; `windowEnd`: a new
// end not written yet (extend); `field`: the field a refusal names (extend's `windowEnd`).
export interface BookExamOptions {
  publishing?: boolean;
  windowEnd?: Date;
  field?: string;
}
export async function bookExam(tx: DbOrTx, orgId: number, examId: number, opts: BookExamOptions = {}): Promise<void> {
  const field = opts.field;
  const owner = { kind: BookingOwner.Exam, id: examId };
  const [e] = await tx
    .select({
      state: exams.state,
      homework: exams.homework,
      venueId: exams.venueId,
      windowStart: exams.windowStart,
      windowEnd: exams.windowEnd,
      durationMinutes: exams.durationMinutes,
      latestEntryMinutes: exams.latestEntryMinutes,
    })
    .from(exams)
    .where(inOrg(exams, orgId, [eq(exams.id, examId)]));
  if (!e) return unbook(tx, orgId, owner);
  if (opts.windowEnd) e.windowEnd = opts.windowEnd;
  const published = opts.publishing || e.state === ExamState.Published;
  if (!published || e.homework || isOpenWindow(e)) return unbook(tx, orgId, owner);
  const [invigilators, teams] = await Promise.all([
    tx
      .select({ id: examInvigilators.targetId })
      .from(examInvigilators)
      .where(inOrg(examInvigilators, orgId, [eq(examInvigilators.ownerId, examId)])),
    tx
      .select({ id: examTeams.targetId })
      .from(examTeams)
      .where(inOrg(examTeams, orgId, [eq(examTeams.ownerId, examId)])),
  ]);
  const at = { startsAt: e.windowStart, endsAt: e.windowEnd };
  const wanted: Booking[] = [
    ...(e.venueId
      ? [{ resource: BookingResource.Venue, resourceId: e.venueId, field: field ?? 'venueId', ...at }]
      : []),
    ...invigilators.map((i) => ({
      resource: BookingResource.Teacher,
      resourceId: i.id,
      field: field ?? 'invigilatorIds',
      ...at,
    })),
    ...teams.map((t) => ({
      resource: BookingResource.Team,
      resourceId: t.id,
      field: field ?? 'teamIds',
      shared: true,
      ...at,
    })),
  ];
  await book(tx, orgId, owner, wanted);
}

export async function unbookExam(tx: DbOrTx, orgId: number, examId: number): Promise<void> {
  await unbook(tx, orgId, { kind: BookingOwner.Exam, id: examId });
}

// An exam in a refusal: its name.
registerBookingOwner(BookingOwner.Exam, async (db, orgId, ids) => {
  const found = await db
    .select({ id: exams.id, name: exams.name })
    .from(exams)
    .where(inOrg(exams, orgId, [inArray(exams.id, ids)]));
  return new Map(found.map((r) => [r.id, r.name]));
});
