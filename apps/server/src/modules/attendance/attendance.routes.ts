import { api } from '@lyceum/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerFileReader } from '../../platform/file-readers';
import { noteSubject } from '../../platform/operation-log';
import { registerResource } from '../../platform/resource-routes';
import { defineEndpoint } from '../../platform/route';
import { createAdHocSession } from './attendance-adhoc';
import { checkIn, openCheckIn } from './attendance-qr';
import { mine, roster } from './attendance-roster';
import { readableSession } from './attendance-sessions';
import { attendanceStatusResource } from './attendance-statuses';
import { sessionsOf } from './attendance-summaries';
import { markLog, take } from './attendance-take';
import { createLeave, LEAVE_FILES, leaveById, leavePage, readsLeaveFiles } from './leave.service';
import { approveLeave, rejectLeave, withdrawLeave } from './leave-decide';
import { followLessonChanges } from './leave-marks';

// Attendance (issue 31): statuses, sessions, taking and its log, QR check-in, the student's own
// record, and leave requests.

// The browser's device cookie, set at login and kept across logins (auth.routes.ts): a check-in
// binds the device as well as the login.
const DEVICE_COOKIE = 'lyceum_device';
const deviceOf = (req: FastifyRequest): string | undefined => req.cookies?.[DEVICE_COOKIE];

export function attendanceRoutes(app: FastifyInstance) {
  registerResource(app, attendanceStatusResource);
  followLessonChanges();
  // A leave's documents: the student, their class teachers and attendance staff.
  registerFileReader(LEAVE_FILES, readsLeaveFiles, ['fileIds']);
  const ep = api.attendance;
  const titled = (title: string, id: number) => ({ ids: [id], label: title });

  defineEndpoint(app, ep.sessions, async ({ ctx, body }) => sessionsOf(ctx, body));
  defineEndpoint(app, ep.createSession, async ({ ctx, body, req }) => {
    const made = await createAdHocSession(ctx, body);
    noteSubject(req, titled(`${made.teamName}: ${made.title}`, made.sessionId ?? 0));
    return made;
  });
  defineEndpoint(app, ep.roster, async ({ ctx, body }) => roster(ctx, body));
  defineEndpoint(app, ep.take, async ({ ctx, body, req }) => {
    const done = await take(ctx, body);
    noteSubject(req, titled(done.title, done.sessionId));
    return done;
  });
  defineEndpoint(app, ep.log, async ({ ctx, params }) => markLog(ctx, params.id));
  defineEndpoint(app, ep.qr, async ({ ctx, params, body, req }) => {
    const { session } = await readableSession(ctx, { sessionId: params.id });
    noteSubject(req, titled(session.title, session.id));
    return openCheckIn(ctx, params.id, body.open);
  });
  defineEndpoint(app, ep.checkIn, async ({ ctx, body, req }) => {
    const done = await checkIn(ctx, body, deviceOf(req));
    noteSubject(req, titled(done.title, done.sessionId));
    return done;
  });
  defineEndpoint(app, ep.mine, async ({ ctx, body }) => mine(ctx, body));

  const leave = api.leave;
  defineEndpoint(app, leave.create, async ({ ctx, body, req }) => {
    const made = await createLeave(ctx, body);
    noteSubject(req, { ids: [made.id], label: made.studentName });
    return made;
  });
  defineEndpoint(app, leave.page, async ({ ctx, body }) => leavePage(ctx, body));
  defineEndpoint(app, leave.select, async ({ ctx, params }) => leaveById(ctx, params.id));
  defineEndpoint(app, leave.approve, async ({ ctx, params, body, req }) => {
    const done = await approveLeave(ctx, params.id, body.note ?? null);
    noteSubject(req, { label: done.studentName, action: 'approveLeave' });
    return done;
  });
  defineEndpoint(app, leave.reject, async ({ ctx, params, body, req }) => {
    const done = await rejectLeave(ctx, params.id, body.note);
    noteSubject(req, { label: done.studentName });
    return done;
  });
  defineEndpoint(app, leave.withdraw, async ({ ctx, params, req }) => {
    const done = await withdrawLeave(ctx, params.id);
    noteSubject(req, { label: done.studentName });
    return done;
  });
}
