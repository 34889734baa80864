import { z } from 'zod';
import { paperStatusLabels } from '../enums/attempt-status';
import { cameraSourceLabels } from '../enums/camera-source';
import {
  candidateStatusLabels,
  examStatusLabels,
  showScoreLabels,
  studentExamStatusLabels,
} from '../enums/exam-status';
import { attemptCountingLabels } from '../enums/task';
import { zDateTime, zEnum, zId, zIds, zOptionalText } from '../fields';
import { zPlainPageRequest } from '../paging';
import { examHeading } from './exam';
import { zScoreReason } from './marking';
import { zUserBrief } from './user';

// An exam's people: accommodations and candidates, registration, a student's own exams and their
// admission tickets (split from exam.ts, which keeps the exam itself).

// Accommodations of a student (a profile): more time in every timed exam.
export const zAccommodation = z.object({
  // 1 (none) to 3; 1.25 gives a 60-minute exam 75 minutes.
  extraTimeFactor: z.number().min(1).max(3).multipleOf(0.05).default(1),
  extraMinutes: z.number().int().min(0).max(600).default(0),
  note: zOptionalText(200),
});
export const zAccommodationRow = z.object({
  userId: zId,
  extraTimeFactor: z.number(),
  extraMinutes: z.number().int(),
  note: z.string().nullable(),
});
export type Accommodation = z.infer<typeof zAccommodationRow>;
// The extra time a candidate gets in one exam, in whole minutes: duration × (factor − 1) + minutes.
export function extraMinutesOf(durationMinutes: number, a: { extraTimeFactor: number; extraMinutes: number }): number {
  return Math.ceil(durationMinutes * (a.extraTimeFactor - 1) - 1e-9) + a.extraMinutes;
}

export const CandidateSource = { Assigned: 1, Registered: 2 } as const;
export type CandidateSource = (typeof CandidateSource)[keyof typeof CandidateSource];
export const candidateSourceLabels = {
  1: { en: 'Assigned', zh: '指定' },
  2: { en: 'Registered', zh: '报名' },
} as const;

// One candidate of an exam (staff).
export const zCandidate = zUserBrief.extend({
  status: zEnum(candidateStatusLabels),
  source: zEnum(candidateSourceLabels),
  studentStatus: zEnum(studentExamStatusLabels),
  seatNo: z.number().int().nullable(),
  registeredTime: zDateTime,
  departmentName: z.string().nullable(),
  teamNames: z.array(z.string()),
  // The accommodation that applies in this exam (the per-exam override, else the student's own).
  extraTimeFactor: z.number(),
  extraMinutes: z.number().int(),
  overridden: z.boolean(),
  // Minutes added to this exam's duration for the candidate.
  extraTime: z.number().int(),
});
export type Candidate = z.infer<typeof zCandidate>;
export const zCandidatePageRequest = zPlainPageRequest.extend({
  keyword: z.string().trim().max(64).optional(),
  status: zEnum(candidateStatusLabels).optional(),
});
// A per-exam accommodation for one candidate; null values go back to the student's own.
export const zCandidateOverride = z.object({
  userId: zId,
  extraTimeFactor: z.number().min(1).max(3).multipleOf(0.05).nullable(),
  extraMinutes: z.number().int().min(0).max(600).nullable(),
});
// Approve or reject registrations in bulk.
export const zApproveRequest = z.object({ userIds: zIds, approve: z.boolean() });
export const zApproveResult = z.object({ changed: z.number().int(), refusedForCapacity: z.number().int() });
export const zAssignSeatsResult = z.object({ assigned: z.number().int(), seats: z.number().int().nullable() });

// Exams with open registration, for the registration office.
export const zRegistrationExam = z.object({
  ...examHeading,
  registrationStart: zDateTime.nullable(),
  registrationEnd: zDateTime.nullable(),
  registrationOpen: z.boolean(),
  capacity: z.number().int().nullable(),
  needsApproval: z.boolean(),
  venueName: z.string().nullable(),
  approvedCount: z.number().int(),
  pendingCount: z.number().int(),
  rejectedCount: z.number().int(),
});
export const zRegistrationExamPageRequest = zPlainPageRequest.extend({ keyword: z.string().trim().max(64).optional() });

// A student's own exams ("My exams", the portal, the exam page of the next issue).
export const zMyExam = z.object({
  id: zId,
  name: z.string(),
  status: zEnum(examStatusLabels),
  // upcoming: the window has not opened; open: the candidate can enter now; finished: the window
  // (with their extra time) has closed or they can no longer enter.
  phase: z.enum(['upcoming', 'open', 'finished']),
  windowStart: zDateTime,
  windowEnd: zDateTime,
  durationMinutes: z.number().int(),
  // The candidate's own time: duration plus their extra time, and the window's end plus it.
  extraTime: z.number().int(),
  personalEnd: zDateTime,
  latestEntry: zDateTime.nullable(),
  venueName: z.string().nullable(),
  virtualRoomId: z.string().nullable(),
  seatNo: z.number().int().nullable(),
  instructions: z.string().nullable(),
  candidateStatus: zEnum(candidateStatusLabels),
  studentStatus: zEnum(studentExamStatusLabels),
  // Where their paper stands: 0 not started, 3 answering, 4-8 ended (an ended attempt is finished).
  paperStatus: zEnum(paperStatusLabels),
  // Their own deadline once they entered (start + duration + extra time), epoch ms.
  deadline: z.number().int().nullable(),
  rules: z.object({
    fullscreen: z.boolean(),
    switchWarnAfter: z.number().int(),
    switchCollectAfter: z.number().int().nullable(),
    cameraSource: zEnum(cameraSourceLabels).nullable(),
    showScore: zEnum(showScoreLabels),
    allowReview: z.boolean(),
  }),
  totalScore: z.number(),
  // Shown when the exam's rule allows it (scores come with marking), by the rule of the student's
  // result (`myResult`): the same reason, null before they entered.
  score: z.number().nullable(),
  scoreReason: zScoreReason.nullable(),
  // Their answers still to mark: a shown score is provisional while above 0.
  pending: z.number().int(),
  // Sittings: this one's number, how many are allowed and which count; whether another may start
  // now; the earlier ones (scores by the same rule as `score`, which then counts them all).
  sittings: z.object({
    no: z.number().int(),
    allowed: z.number().int(),
    counting: zEnum(attemptCountingLabels),
    canRetake: z.boolean(),
    earlier: z.array(z.object({ no: z.number().int(), score: z.number().nullable(), endedAt: zDateTime.nullable() })),
  }),
});
export type MyExam = z.infer<typeof zMyExam>;
export const zMyExams = z.object({
  serverNow: z.number().describe('The server clock, epoch ms: countdowns run from it, not the device clock'),
  accommodation: zAccommodationRow.nullable(),
  exams: z.array(zMyExam),
});
export type MyExams = z.infer<typeof zMyExams>;
// Exams the student may register for now (or has registered for).
export const zRegistrableExam = z.object({
  id: zId,
  name: z.string(),
  windowStart: zDateTime,
  windowEnd: zDateTime,
  durationMinutes: z.number().int(),
  registrationEnd: zDateTime,
  venueName: z.string().nullable(),
  capacity: z.number().int().nullable(),
  seatsLeft: z.number().int().nullable(),
  needsApproval: z.boolean(),
  // The student's registration, if any.
  myStatus: zEnum(candidateStatusLabels).nullable(),
});
export const zRegistrableExams = z.object({ serverNow: z.number(), exams: z.array(zRegistrableExam) });
export type RegistrableExams = z.infer<typeof zRegistrableExams>;
export const zRegisterResult = z.object({ status: zEnum(candidateStatusLabels).nullable() });

// An admission ticket: what a candidate brings to the exam.
export const zAdmissionTicket = z.object({
  examId: zId,
  examName: z.string(),
  organizationName: z.string(),
  userId: zId,
  userName: z.string(),
  realName: z.string(),
  avatar: z.string().nullable(),
  departmentName: z.string().nullable(),
  teamNames: z.array(z.string()),
  windowStart: zDateTime,
  windowEnd: zDateTime,
  durationMinutes: z.number().int(),
  extraTime: z.number().int(),
  latestEntry: zDateTime.nullable(),
  venueName: z.string().nullable(),
  venueAddress: z.string().nullable(),
  virtualRoomId: z.string().nullable(),
  seatNo: z.number().int().nullable(),
  instructions: z.string().nullable(),
  rules: zMyExam.shape.rules,
});
export type AdmissionTicket = z.infer<typeof zAdmissionTicket>;
export const zTicketRequest = z.object({ userIds: z.array(zId).max(2000).optional() });
