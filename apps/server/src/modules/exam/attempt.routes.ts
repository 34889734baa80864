import { api } from '@lyceum/contract';
import type { FastifyInstance } from 'fastify';
import { defineStreamEndpoint } from '../../platform/push';
import { defineEndpoint } from '../../platform/route';
import {
  EVENTS_BODY_LIMIT,
  recordEvents,
  retakeAttempt,
  saveAnswers,
  startAttempt,
  submitAttempt,
  waitingRoom,
} from './attempt.service';
import {
  addTime,
  collectNow,
  markAbnormal,
  monitorExams,
  monitorPage,
  reopen,
  review,
  sendNotice,
  timeline,
} from './monitor.service';
import { watchedBoard } from './monitor-push';

// Exam day: the students' protocol and the invigilators' monitor.
export function attemptRoutes(app: FastifyInstance) {
  const a = api.attempt;
  defineEndpoint(app, a.start, ({ ctx, body }) => startAttempt(ctx, body.examId));
  defineEndpoint(app, a.waitingRoom, ({ ctx, body }) => waitingRoom(ctx, body.examId));
  defineEndpoint(app, a.retake, ({ ctx, body }) => retakeAttempt(ctx, body.examId));
  defineEndpoint(app, a.save, ({ ctx, body }) => saveAnswers(ctx, body.attemptId, body.items));
  defineEndpoint(app, a.submit, ({ ctx, body }) => submitAttempt(ctx, body));
  defineEndpoint(app, a.events, ({ ctx, body }) => recordEvents(ctx, body), { bodyLimit: EVENTS_BODY_LIMIT });

  const m = api.examLog;
  defineEndpoint(app, m.exams, ({ ctx, body }) => monitorExams(ctx, body));
  defineEndpoint(app, m.page, ({ ctx, body }) => monitorPage(ctx, body));
  defineEndpoint(app, m.timeline, ({ ctx, body }) => timeline(ctx, body.examId, body.userId));
  defineEndpoint(app, m.addTime, ({ ctx, body }) => addTime(ctx, body));
  defineEndpoint(app, m.collect, ({ ctx, body }) => collectNow(ctx, body.examId, body.userIds));
  defineEndpoint(app, m.reopen, ({ ctx, body }) => reopen(ctx, body));
  defineEndpoint(app, m.markAbnormal, ({ ctx, body }) => markAbnormal(ctx, body.examId, body.userId, body.reason));
  defineEndpoint(app, m.notice, ({ ctx, body }) => sendNotice(ctx, body.examId, body.userIds, body.text));
  defineEndpoint(app, m.review, ({ ctx, body }) => review(ctx, body));
  defineStreamEndpoint(app, m.stream, ({ ctx, query }) => watchedBoard(ctx, query.examId));
}
