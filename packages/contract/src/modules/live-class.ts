import { z } from 'zod';
import {
  LiveProviderKind,
  liveClassStatusLabels,
  livePhaseLabels,
  liveProviderKindLabels,
  liveRoleLabels,
  participationSourceLabels,
  RecordingMode,
  RecordingVisibility,
  recordingModeLabels,
  recordingStateLabels,
  recordingVisibilityLabels,
} from '../enums/live';
import { codedIssue, type ErrorKey, type ParamsArg } from '../errors';
import { zDateText, zDateTime, zEnum, zId, zLink, zOptionalLink, zOptionalText, zText } from '../fields';
import { zDay } from './timetable';

// Live classes (issue 32): an online lesson for classes and/or a course's live lesson, on a
// BigBlueButton server Lyceum drives or behind any service's link; joined only through Lyceum (so
// who joined is our user id, never a display name); attendance and recordings come back from the
// provider and stay on the live class.

type Issue = z.core.$RefinementCtx;
function addIssue<K extends ErrorKey>(ctx: Issue, path: (string | number)[], key: K, ...params: ParamsArg<K>) {
  ctx.addIssue({ code: 'custom', path, ...codedIssue(key, ...params) });
}

// The longest live class (a whole study day) and the earliest join window.
export const LIVE_MAX_MINUTES = 12 * 60;
export const LIVE_JOIN_OPENS_MAX = 240;

// ---- provider accounts (BigBlueButton servers of the organisation) ----

export const CHECKSUM_ALGORITHMS = ['sha1', 'sha256', 'sha384', 'sha512'] as const;
export type ChecksumAlgorithm = (typeof CHECKSUM_ALGORITHMS)[number];

const providerFields = {
  name: zText(64),
  kind: zEnum(liveProviderKindLabels).default(LiveProviderKind.BigBlueButton),
  // The server's API base, e.g. https://bbb.example.edu/bigbluebutton/ (…/api is added).
  url: zLink(512),
  checksumAlgorithm: z.enum(CHECKSUM_ALGORITHMS).default('sha256'),
  isDefault: z.boolean().default(false),
  enabled: z.boolean().default(true),
};
// The shared secret is written, never read back: blank on an update keeps the stored one.
export const zLiveProviderCreate = z.object({ id: z.null().optional(), ...providerFields, secret: zText(256, 8) });
export const zLiveProviderUpdate = z.object({
  id: zId,
  ...providerFields,
  secret: z.string().max(256).optional().default(''),
});
export type LiveProviderInput = z.input<typeof zLiveProviderCreate>;
export const zLiveProviderRow = z.object({
  id: zId,
  organizationId: zId,
  name: z.string(),
  kind: zEnum(liveProviderKindLabels),
  url: z.string(),
  checksumAlgorithm: z.enum(CHECKSUM_ALGORITHMS),
  isDefault: z.boolean(),
  enabled: z.boolean(),
  // Whether a secret is stored (it never leaves the server).
  hasSecret: z.boolean(),
  createTime: zDateTime,
  updateTime: zDateTime,
});
export type LiveProviderRow = z.infer<typeof zLiveProviderRow>;
export const zLiveProviderFilter = z.object({ keyword: z.string().trim().max(64).optional() });
// What asking the server answered (its API version, or why it could not be reached).
export const zLiveProviderTest = z.object({ ok: z.boolean(), version: z.string().nullable(), detail: z.string() });
export type LiveProviderTest = z.infer<typeof zLiveProviderTest>;

// ---- live classes ----

const liveFields = {
  title: zText(100),
  description: zOptionalText(2000),
  // Who takes part: classes, and/or the learners of a course's live lesson.
  teamIds: z.array(zId).max(20).default([]),
  courseId: zId.nullable().optional(),
  courseLessonId: zId.nullable().optional(),
  // The first is the host; all join as moderators.
  teacherIds: z.array(zId).min(1).max(10),
  startsAt: zDateText('date-time'),
  endsAt: zDateText('date-time'),
  // Join opens this many minutes before the start.
  joinOpensMinutes: z.number().int().min(0).max(LIVE_JOIN_OPENS_MAX).default(15),
  providerKind: zEnum(liveProviderKindLabels).default(LiveProviderKind.BigBlueButton),
  // A BigBlueButton account of the organisation; none: the default one (or the server's LIVE_BBB_URL).
  providerId: zId.nullable().optional(),
  // The meeting's address when the provider is an external link.
  externalUrl: zOptionalLink(1000),
  recordingMode: zEnum(recordingModeLabels).default(RecordingMode.Off),
  // Who may watch the recordings made (each recording keeps the value it was made with).
  recordingVisibility: zEnum(recordingVisibilityLabels).default(RecordingVisibility.Students),
  // Present when attending at least this share of the scheduled time; late when first joining
  // more than `lateAfterMinutes` after the start.
  presentPercent: z.number().int().min(1).max(100).default(80),
  lateAfterMinutes: z.number().int().min(0).max(240).default(10),
};
type LiveFields = z.output<z.ZodObject<typeof liveFields>>;

function checkLive(l: LiveFields, ctx: Issue) {
  const start = Date.parse(l.startsAt);
  const end = Date.parse(l.endsAt);
  if (Number.isFinite(start) && Number.isFinite(end)) {
    if (end <= start) addIssue(ctx, ['endsAt'], 'endBeforeStart');
    else if (end - start > LIVE_MAX_MINUTES * 60_000)
      addIssue(ctx, ['endsAt'], 'liveTooLong', { hours: LIVE_MAX_MINUTES / 60 });
  }
  if (!l.teamIds.length && l.courseLessonId == null) addIssue(ctx, ['teamIds'], 'liveNoAudience');
  if (l.courseLessonId != null && l.courseId == null) addIssue(ctx, ['courseId'], 'required');
  if (new Set(l.teamIds).size !== l.teamIds.length) addIssue(ctx, ['teamIds'], 'duplicateItems');
  if (new Set(l.teacherIds).size !== l.teacherIds.length) addIssue(ctx, ['teacherIds'], 'duplicateItems');
  if (l.providerKind === LiveProviderKind.ExternalLink && !l.externalUrl) addIssue(ctx, ['externalUrl'], 'required');
  if (l.providerKind !== LiveProviderKind.BigBlueButton && l.providerId != null)
    addIssue(ctx, ['providerId'], 'liveProviderKindMismatch');
}

export const zLiveClassCreate = z.object({ id: z.null().optional(), ...liveFields }).superRefine(checkLive);
export const zLiveClassUpdate = z.object({ id: zId, ...liveFields }).superRefine(checkLive);
export type LiveClassInput = z.input<typeof zLiveClassCreate>;

export const zLiveClassRow = z
  .object({
    id: zId,
    organizationId: zId,
    title: z.string(),
    description: z.string().nullable(),
    teamIds: z.array(zId),
    courseId: zId.nullable(),
    courseLessonId: zId.nullable(),
    teacherIds: z.array(zId),
    startsAt: zDateTime,
    endsAt: zDateTime,
    joinOpensMinutes: z.number().int(),
    providerKind: zEnum(liveProviderKindLabels),
    providerId: zId.nullable(),
    externalUrl: z.string().nullable(),
    recordingMode: zEnum(recordingModeLabels),
    recordingVisibility: zEnum(recordingVisibilityLabels),
    presentPercent: z.number().int(),
    lateAfterMinutes: z.number().int(),
    status: zEnum(liveClassStatusLabels),
    // Read beside the row: the clock and the recordings taken into account.
    phase: zEnum(livePhaseLabels),
    opensAt: zDateTime,
    startedAt: zDateTime.nullable(),
    endedAt: zDateTime.nullable(),
    // When the attendance report was last written (from the provider, the join log or an import).
    reportAt: zDateTime.nullable(),
    cancelReason: z.string().nullable(),
    createdBy: zId,
    // Names beside the ids, for lists.
    teamNames: z.array(z.string()),
    teacherNames: z.array(z.string()),
    courseTitle: z.string().nullable(),
    lessonTitle: z.string().nullable(),
    providerName: z.string().nullable(),
    recordingCount: z.number().int(),
    // Whether the caller may change it (own, or liveClass:all).
    manageable: z.boolean(),
    createTime: zDateTime,
    updateTime: zDateTime,
  })
  // One component in the OpenAPI document, referred to by every verb and action that answers it.
  .meta({ id: 'LiveClassRow' });
export type LiveClassRow = z.infer<typeof zLiveClassRow>;

export const zLiveClassFilter = z.object({
  keyword: z.string().trim().max(64).optional(),
  status: zEnum(liveClassStatusLabels).optional(),
  teamId: zId.optional(),
  teacherId: zId.optional(),
  courseId: zId.optional(),
  // Days from … to (inclusive, in the organisation's zone).
  from: zDay.optional(),
  to: zDay.optional(),
});
export type LiveClassFilter = z.input<typeof zLiveClassFilter>;

export const zLivePublish = z.object({});
export const zLiveCancel = z.object({ reason: zOptionalText(200) });
export const zLiveEnd = z.object({});

// ---- joining ----

// The provider's join address for the caller, signed for them (BigBlueButton: our user id and
// role in a checksummed URL), made at the moment of joining and never stored.
export const zLiveJoin = z.object({
  url: z.string(),
  role: zEnum(liveRoleLabels),
  providerKind: zEnum(liveProviderKindLabels),
  // Until when the address should be used (open it now).
  expiresAt: zDateTime,
});
export type LiveJoin = z.infer<typeof zLiveJoin>;

// A member's live classes: upcoming (and running) first, or the past ones with their recordings.
export const zMyLiveRequest = z.object({
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  // Only those of one course's live lessons (the course page).
  courseId: zId.optional(),
  limit: z.number().int().min(1).max(50).default(20),
});
export const zMyRecording = z.object({
  id: zId,
  playbackUrl: z.string(),
  startedAt: zDateTime.nullable(),
  minutes: z.number().int().nullable(),
});
export const zMyLiveClass = z
  .object({
    id: zId,
    title: z.string(),
    startsAt: zDateTime,
    endsAt: zDateTime,
    opensAt: zDateTime,
    phase: zEnum(livePhaseLabels),
    teacherNames: z.array(z.string()),
    courseTitle: z.string().nullable(),
    lessonTitle: z.string().nullable(),
    courseLessonId: zId.nullable(),
    providerKind: zEnum(liveProviderKindLabels),
    // Joining is possible now (open or live, and the caller is invited).
    canJoin: z.boolean(),
    role: zEnum(liveRoleLabels),
    // Past classes: the caller's own minutes and status, and the recordings they may watch.
    myMinutes: z.number().int().nullable(),
    myStatus: z.string().nullable(),
    recordings: z.array(zMyRecording),
  })
  .meta({ id: 'MyLiveClass' });
export type MyLiveClass = z.infer<typeof zMyLiveClass>;

// ---- after the session: the report ----

export const zLiveParticipant = z.object({
  userId: zId,
  userName: z.string(),
  realName: z.string(),
  role: zEnum(liveRoleLabels),
  // Invited (a student of the classes or the course, or a teacher); false: joined as staff.
  invited: z.boolean(),
  firstJoin: zDateTime.nullable(),
  lastLeave: zDateTime.nullable(),
  minutes: z.number().int(),
  // Of the scheduled time, 0-100.
  percent: z.number().int(),
  joins: z.number().int(),
  // What the provider counted: chats, talks, raised hands, poll votes, talk time (s).
  engagement: z.record(z.string(), z.number()).nullable(),
  source: zEnum(participationSourceLabels).nullable(),
  // The attendance register's current mark (students): its status and where it came from.
  statusId: zId.nullable(),
  statusName: z.string().nullable(),
  markSource: z.number().int().nullable(),
  markReason: z.string().nullable(),
});
export type LiveParticipant = z.infer<typeof zLiveParticipant>;

export const zLiveRecording = z.object({
  id: zId,
  recordId: z.string(),
  state: zEnum(recordingStateLabels),
  visibility: zEnum(recordingVisibilityLabels),
  playbackUrl: z.string().nullable(),
  startedAt: zDateTime.nullable(),
  endedAt: zDateTime.nullable(),
  minutes: z.number().int().nullable(),
  createTime: zDateTime,
});
export type LiveRecording = z.infer<typeof zLiveRecording>;

export const zLiveReport = z.object({
  liveClass: zLiveClassRow,
  participants: z.array(zLiveParticipant),
  recordings: z.array(zLiveRecording),
  summary: z.object({
    invited: z.number().int(),
    attended: z.number().int(),
    present: z.number().int(),
    late: z.number().int(),
    absent: z.number().int(),
    averageMinutes: z.number(),
    scheduledMinutes: z.number().int(),
  }),
});
export type LiveReport = z.infer<typeof zLiveReport>;

// A teacher's correction of a student's derived status: the reason is kept with the mark.
export const zLiveOverride = z.object({ studentId: zId, statusId: zId, reason: zText(200) });

export const zRecordingChange = z
  .object({
    visibility: zEnum(recordingVisibilityLabels).optional(),
    published: z.boolean().optional(),
  })
  .refine((r) => r.visibility !== undefined || r.published !== undefined, {
    path: ['visibility'],
    ...codedIssue('required'),
  });

// The attendance import (external links): rows of a CSV the meeting service exported.
export const zLiveImportResult = z.object({
  matched: z.number().int(),
  unknown: z.array(z.object({ line: z.number().int(), name: z.string() })),
  written: z.boolean(),
});
