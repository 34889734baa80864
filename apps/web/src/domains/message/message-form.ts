import {
  type Message,
  MessageAssociation,
  type MessageAttachment,
  type MessageAudience,
  type MessageInput,
  type MessageTarget,
  onlyMessageTargets,
  zMessageCreate,
} from '@lyceum/contract';
import { codedProblems } from '../../crud/zod-rules';

// What the message editor's form holds: the contract's input with every target list present (only
// the target type's own is sent) and the open window as ISO strings.
export interface MessageFormValues {
  title?: string;
  body: string;
  attachments: MessageAttachment[];
  targetType: MessageTarget;
  audience: MessageAudience;
  gradeYears: number[];
  teamIds: number[];
  userIds: number[];
  needRead: boolean;
  openStart?: string | null;
  openEnd?: string | null;
  associationType: MessageAssociation;
  associationId?: number | null;
}

// A new message: the contract's defaults (to classes, no confirmation asked, about nothing).
export function newMessageValues(): MessageFormValues {
  const d = zMessageCreate.shape;
  return {
    body: '',
    attachments: [],
    targetType: d.targetType.parse(undefined),
    audience: d.audience.parse(undefined),
    gradeYears: [],
    teamIds: [],
    userIds: [],
    needRead: d.needRead.parse(undefined),
    openStart: null,
    openEnd: null,
    associationType: d.associationType.parse(undefined),
    associationId: null,
  };
}

export function messageValues(m: Message): MessageFormValues {
  return {
    title: m.title,
    body: m.body,
    attachments: m.attachments,
    targetType: m.targetType,
    audience: m.audience,
    gradeYears: m.gradeYears,
    teamIds: m.teamIds,
    userIds: m.userIds,
    needRead: m.needRead,
    openStart: m.openStart,
    openEnd: m.openEnd,
    associationType: m.associationType,
    associationId: m.associationId,
  };
}

const orNull = <T>(v: T | null | undefined): T | null => (v === undefined || v === '' ? null : v);

// What the form sends: only the target type's targets, what it is about only when it is about
// something, attachments without blank rows, empty times as null.
export function messageBody(v: MessageFormValues): MessageInput {
  const about = v.associationType !== MessageAssociation.None;
  return {
    ...onlyMessageTargets({
      targetType: v.targetType,
      audience: v.audience,
      gradeYears: v.gradeYears,
      teamIds: v.teamIds,
      userIds: v.userIds,
    }),
    title: v.title?.trim() ?? '',
    body: v.body,
    attachments: v.attachments.map((a) => ({ name: a.name.trim(), url: a.url.trim() })).filter((a) => a.name && a.url),
    needRead: v.needRead,
    openStart: orNull(v.openStart),
    openEnd: orNull(v.openEnd),
    associationType: v.associationType,
    associationId: about ? orNull(v.associationId) : null,
  };
}

// The contract's checks across fields (the window's end after its start, the target type's targets,
// what it is about), run before sending.
export const messageProblems = (body: MessageInput) => codedProblems(zMessageCreate, body);
