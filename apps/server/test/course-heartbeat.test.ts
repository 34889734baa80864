import { type HeartbeatResult, type OpenLesson, ProgressEvent, ResultCode } from '@lyceum/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lessonProgress, progressLog } from '../src/modules/course/course.table';
import { setClock } from '../src/platform/clock';
import { chapter, enrol, makeCourse, publish, staffContext, video } from './course-learn-fixture';
import { examPeople } from './exam-fixture';
import { createTestApp, ok, refused, type TestApp } from './harness';

// One nonce, many reports at once (a player's retries, a copied request): the conditional UPDATE
// spends the nonce once, so exactly one report counts and the others are refused; the progress
// log's unique nonce is the database's own guarantee behind it.

let t: TestApp;
let token: string;
let userId: number;
const clip = video('Race clip', 300, 90);
const T0 = Date.parse('2033-06-06T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  const { tokens, ids } = await examPeople(t, ['s2026001']);
  token = tokens.s2026001;
  userId = ids.s2026001;
  const orgId = t.ids.demo.orgId;
  const courseId = await makeCourse(t, { orgId, code: 'RACE-1' });
  await enrol(t, orgId, courseId, [userId]);
  await publish(t, staffContext(t, orgId, ids.academic), courseId, { chapters: [chapter('Race', [clip])] });
});
afterEach(() => setClock(null));
afterAll(() => t.close());

describe('parallel heartbeats with one nonce', () => {
  it('count exactly once', async () => {
    setClock(T0);
    const opened = ok(
      await t.call<OpenLesson>('POST', '/api/course/lesson/open', { token, body: { lessonId: clip.id } }),
    );
    setClock(T0 + 15_000);
    const body = { lessonId: clip.id, nonce: opened.nonce, from: 0, to: 15 };
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => t.call<HeartbeatResult>('POST', '/api/course/heartbeat', { token, body })),
    );
    const won = replies.filter((r) => r.code === ResultCode.Success);
    expect(won).toHaveLength(1);
    for (const r of replies.filter((x) => x.code !== ResultCode.Success)) refused(r, 'heartbeatNonce');
    const logged = await t.database.db
      .select({ counted: progressLog.counted })
      .from(progressLog)
      .where(and(eq(progressLog.userId, userId), eq(progressLog.event, ProgressEvent.Watched)));
    expect(logged).toEqual([{ counted: 15 }]);
    const [row] = await t.database.db
      .select({ seconds: lessonProgress.watchedSeconds, nonce: lessonProgress.nonce })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, clip.id)));
    expect(row).toEqual({ seconds: 15, nonce: won[0]!.response.nonce });
  });
});
