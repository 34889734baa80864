import {
  type LiveClassInput,
  type LiveClassRow,
  LiveProviderKind,
  RecordingMode,
  type RecordingVisibility,
  zLiveClassCreate,
} from '@lyceum/contract';
import { codedProblems } from '../../crud/zod-rules';

// What the live-class editor's form holds. It differs from the contract's input where a control needs
// it: the BigBlueButton account "server default" is 0 rather than null (a select's empty value).
export interface LiveFormValues {
  title?: string;
  description?: string | null;
  teamIds: number[];
  courseId?: number | null;
  courseLessonId?: number | null;
  teacherIds: number[];
  startsAt?: string;
  endsAt?: string;
  joinOpensMinutes?: number;
  providerKind: LiveProviderKind;
  providerId: number;
  externalUrl?: string | null;
  recordingMode: RecordingMode;
  recordingVisibility: RecordingVisibility;
  presentPercent?: number;
  lateAfterMinutes?: number;
}

// The length a new live class gets when only its start is picked (a lesson).
export const DEFAULT_MINUTES = 45;

// A new live class: the contract's defaults, the caller as its teacher (the host).
export function newLiveValues(me: number | null): LiveFormValues {
  const d = zLiveClassCreate.shape;
  return {
    teamIds: [],
    teacherIds: me === null ? [] : [me],
    joinOpensMinutes: d.joinOpensMinutes.parse(undefined),
    providerKind: d.providerKind.parse(undefined),
    providerId: 0,
    recordingMode: d.recordingMode.parse(undefined),
    recordingVisibility: d.recordingVisibility.parse(undefined),
    presentPercent: d.presentPercent.parse(undefined),
    lateAfterMinutes: d.lateAfterMinutes.parse(undefined),
  };
}

export function liveValues(row: LiveClassRow): LiveFormValues {
  return {
    title: row.title,
    description: row.description,
    teamIds: row.teamIds,
    courseId: row.courseId,
    courseLessonId: row.courseLessonId,
    teacherIds: row.teacherIds,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    joinOpensMinutes: row.joinOpensMinutes,
    providerKind: row.providerKind,
    providerId: row.providerId ?? 0,
    externalUrl: row.externalUrl,
    recordingMode: row.recordingMode,
    recordingVisibility: row.recordingVisibility,
    presentPercent: row.presentPercent,
    lateAfterMinutes: row.lateAfterMinutes,
  };
}

const orNull = <T>(v: T | null | undefined): T | null => (v === undefined || v === '' ? null : v);

// What the form sends: only the chosen provider's details (an account for BigBlueButton, the address
// for an external link, which records nothing), the lesson only with its course, empty inputs as null.
export function liveBody(v: LiveFormValues): LiveClassInput {
  const bbb = v.providerKind === LiveProviderKind.BigBlueButton;
  const courseId = orNull(v.courseId);
  return {
    title: v.title?.trim() ?? '',
    description: orNull(v.description?.trim()),
    teamIds: v.teamIds ?? [],
    courseId,
    courseLessonId: courseId === null ? null : orNull(v.courseLessonId),
    teacherIds: v.teacherIds ?? [],
    startsAt: v.startsAt ?? '',
    endsAt: v.endsAt ?? '',
    joinOpensMinutes: v.joinOpensMinutes,
    providerKind: v.providerKind,
    providerId: bbb && v.providerId ? v.providerId : null,
    externalUrl: bbb ? null : orNull(v.externalUrl?.trim()),
    recordingMode: bbb ? v.recordingMode : RecordingMode.Off,
    recordingVisibility: v.recordingVisibility,
    presentPercent: v.presentPercent,
    lateAfterMinutes: v.lateAfterMinutes,
  };
}

// The contract's checks across fields (the end after the start, an audience, the link of an
// external meeting…), run before sending, each under its field.
export const crossFieldProblems = (body: LiveClassInput) => codedProblems(zLiveClassCreate, body);
