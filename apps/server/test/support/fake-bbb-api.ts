import { createHash, randomBytes } from 'node:crypto';

// The API half of the fake BigBlueButton server (fake-bbb.ts): what each call does to the kept
// meetings and recordings, and the XML it answers, in the shapes of bbb-web's templates.

export type FakeRole = 'MODERATOR' | 'VIEWER';

// One stay of one person: a join through a join URL, and the leave (null while inside).
export interface FakeSession {
  // userID as the join URL carried it (our user id), or BigBlueButton's own "w_..." id without one.
  userId: string;
  internalUserId: string;
  fullName: string;
  role: FakeRole;
  joinedAt: number;
  leftAt: number | null;
  sessionToken: string;
}

export interface FakeMeeting {
  meetingId: string;
  internalMeetingId: string;
  name: string;
  attendeePw: string;
  moderatorPw: string;
  createTime: number;
  // The create call's parameters as received, and its meta_ ones (keys lower-cased, prefix off).
  params: Record<string, string>;
  meta: Record<string, string>;
  analyticsCallbackUrl: string | null;
  recordingReadyUrl: string | null;
  running: boolean;
  forciblyEnded: boolean;
  endTime: number | null;
  sessions: FakeSession[];
}

export interface FakeRecording {
  recordId: string;
  meetingId: string;
  internalMeetingId: string;
  name: string;
  published: boolean;
  // processing | processed | published | unpublished | deleted
  state: string;
  startTime: number;
  endTime: number;
  lengthMinutes: number;
  playbackUrl: string;
}

export interface FakeCall {
  call: string;
  // The raw query string as received (checksum included) and its decoded parameters.
  query: string;
  params: Record<string, string>;
  returncode: 'SUCCESS' | 'FAILED';
  messageKey: string | null;
  at: number;
}

export interface FakeState {
  secret: string;
  algorithms: string[];
  origin: string;
  now: () => number;
  meetings: Map<string, FakeMeeting>;
  recordings: FakeRecording[];
  calls: FakeCall[];
  failures: Map<string, string>;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  messageKey: string | null;
  ok: boolean;
}

const LENGTHS: Record<number, string> = { 40: 'sha1', 64: 'sha256', 96: 'sha384', 128: 'sha512' };

// bbb-web's GetChecksum / GetChecksumValidator: the query string as received with
// "&checksum=<c>", "checksum=<c>&" and "checksum=<c>" removed (Java's String.replace, every
// occurrence), call name + that + secret hashed with the algorithm the checksum's length names,
// if that algorithm is enabled, compared ignoring case.
export function checksumValid(state: FakeState, call: string, rawQuery: string): boolean {
  const given = new URLSearchParams(rawQuery).get('checksum');
  if (!given) return false;
  const without = rawQuery
    .replaceAll(`&checksum=${given}`, '')
    .replaceAll(`checksum=${given}&`, '')
    .replaceAll(`checksum=${given}`, '');
  const algorithm = LENGTHS[given.length];
  if (!algorithm || !state.algorithms.includes(algorithm)) return false;
  const expected = createHash(algorithm)
    .update(call + without + state.secret)
    .digest('hex');
  return expected === given.toLowerCase();
}

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
type Field = [string, string | number | boolean | null];
const els = (fields: Field[]) => fields.map(([k, v]) => `<${k}>${v === null ? '' : esc(String(v))}</${k}>`).join('');

export function xml(fields: Field[], inner = ''): Answer {
  const returncode = fields.find((f) => f[0] === 'returncode')?.[1];
  const key = fields.find((f) => f[0] === 'messageKey')?.[1];
  return {
    status: 200,
    headers: { 'content-type': 'text/xml;charset=utf-8' },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<response>${els(fields)}${inner}</response>`,
    messageKey: typeof key === 'string' && key ? key : null,
    ok: returncode === 'SUCCESS',
  };
}
export const failed = (messageKey: string, message: string) =>
  xml([
    ['returncode', 'FAILED'],
    ['messageKey', messageKey],
    ['message', message],
  ]);
const notFound = () =>
  failed('notFound', 'We could not find a meeting with that meeting ID - perhaps the meeting is not yet running?');

export const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

function meetingFields(m: FakeMeeting): Field[] {
  const present = m.sessions.filter((s) => s.leftAt === null);
  return [
    ['meetingName', m.name],
    ['meetingID', m.meetingId],
    ['internalMeetingID', m.internalMeetingId],
    ['createTime', m.createTime],
    ['createDate', new Date(m.createTime).toUTCString()],
    ['voiceBridge', 70000 + (m.createTime % 10000)],
    ['dialNumber', '613-555-1234'],
    ['attendeePW', m.attendeePw],
    ['moderatorPW', m.moderatorPw],
    ['running', m.running],
    ['duration', Number(m.params.duration ?? 0)],
    ['hasUserJoined', m.sessions.length > 0],
    ['recording', false],
    ['hasBeenForciblyEnded', m.forciblyEnded],
    ['startTime', m.createTime],
    ['endTime', m.endTime ?? 0],
    ['participantCount', present.length],
    ['listenerCount', 0],
    ['voiceParticipantCount', 0],
    ['videoCount', 0],
    ['maxUsers', 0],
    ['moderatorCount', present.filter((s) => s.role === 'MODERATOR').length],
  ];
}
function meetingInner(m: FakeMeeting): string {
  const present = m.sessions.filter((s) => s.leftAt === null);
  const attendees = present
    .map(
      (s) =>
        `<attendee>${els([
          ['userID', s.userId],
          ['fullName', s.fullName],
          ['role', s.role],
          ['isPresenter', s.role === 'MODERATOR'],
          ['isListeningOnly', false],
          ['hasJoinedVoice', false],
          ['hasVideo', false],
          ['clientType', 'HTML5'],
        ])}</attendee>`,
    )
    .join('');
  const meta = Object.entries(m.meta).filter(([k]) => /^[a-z][\w.-]*$/.test(k));
  return `<attendees>${attendees}</attendees><metadata>${els(meta)}</metadata><isBreakout>false</isBreakout>`;
}

// Ends a run: everyone still inside leaves at `at`.
export function endRun(m: FakeMeeting, at: number): void {
  for (const s of m.sessions) if (s.leftAt === null) s.leftAt = at;
  m.running = false;
  m.forciblyEnded = true;
  m.endTime ??= at;
}

function create(state: FakeState, p: Record<string, string>): Answer {
  const id = p.meetingID;
  if (!id) return failed('missingParamMeetingID', 'You must specify a meeting ID for the meeting.');
  const existing = state.meetings.get(id);
  if (existing && !existing.forciblyEnded) {
    const samePw =
      (!p.attendeePW || p.attendeePW === existing.attendeePw) &&
      (!p.moderatorPW || p.moderatorPW === existing.moderatorPw);
    if (!samePw)
      return failed(
        'idNotUnique',
        'A meeting already exists with that meeting ID.  Please use a different meeting ID.',
      );
    return xml([
      ['returncode', 'SUCCESS'],
      ...createFields(existing),
      ['messageKey', 'duplicateWarning'],
      ['message', 'This conference was already in existence and may currently be in progress.'],
    ]);
  }
  const createTime = state.now();
  const meta: Record<string, string> = {};
  for (const [k, v] of Object.entries(p)) if (k.startsWith('meta_')) meta[k.slice(5).toLowerCase()] = v;
  const m: FakeMeeting = {
    meetingId: id,
    internalMeetingId: `${sha1(id)}-${createTime}`,
    name: p.name ?? id,
    attendeePw: p.attendeePW ?? hex(4),
    moderatorPw: p.moderatorPW ?? hex(4),
    createTime,
    params: p,
    meta,
    analyticsCallbackUrl: meta['analytics-callback-url'] ?? null,
    recordingReadyUrl: meta['bbb-recording-ready-url'] ?? null,
    running: false,
    forciblyEnded: false,
    endTime: null,
    sessions: [],
  };
  state.meetings.set(id, m);
  return xml([['returncode', 'SUCCESS'], ...createFields(m), ['messageKey', ''], ['message', '']]);
}
function createFields(m: FakeMeeting): Field[] {
  return [
    ['meetingID', m.meetingId],
    ['internalMeetingID', m.internalMeetingId],
    ['parentMeetingID', 'bbb-none'],
    ['attendeePW', m.attendeePw],
    ['moderatorPW', m.moderatorPw],
    ['createTime', m.createTime],
    ['voiceBridge', 70000 + (m.createTime % 10000)],
    ['dialNumber', '613-555-1234'],
    ['createDate', new Date(m.createTime).toUTCString()],
    ['hasUserJoined', m.sessions.length > 0],
    ['duration', Number(m.params.duration ?? 0)],
    ['hasBeenForciblyEnded', m.forciblyEnded],
  ];
}

function recordingXml(r: FakeRecording): string {
  return `<recording>${els([
    ['recordID', r.recordId],
    ['meetingID', r.meetingId],
    ['internalMeetingID', r.internalMeetingId],
    ['name', r.name],
    ['isBreakout', false],
    ['published', r.published],
    ['state', r.state],
    ['startTime', r.startTime],
    ['endTime', r.endTime],
    ['participants', 0],
  ])}<metadata>${els([
    ['isBreakout', false],
    ['meetingName', r.name],
    ['meetingId', r.meetingId],
  ])}</metadata><playback><format>${els([
    ['type', 'presentation'],
    ['url', r.playbackUrl],
    ['processingTime', 7177],
    ['length', r.lengthMinutes],
  ])}</format></playback></recording>`;
}

const ids = (v: string | undefined) => (v ? v.split(',').map((s) => s.trim()) : []);

// Every call but join (which fake-bbb.ts answers with a redirect), after the checksum passed.
export function answerCall(state: FakeState, call: string, p: Record<string, string>): Answer {
  const m = p.meetingID ? state.meetings.get(p.meetingID) : undefined;
  switch (call) {
    case 'create':
      return create(state, p);
    case 'isMeetingRunning':
      return xml([
        ['returncode', 'SUCCESS'],
        ['running', Boolean(m?.running)],
      ]);
    case 'getMeetingInfo':
      return m ? xml([['returncode', 'SUCCESS'], ...meetingFields(m)], meetingInner(m)) : notFound();
    case 'getMeetings': {
      const all = [...state.meetings.values()];
      const inner = all.map((x) => `<meeting>${els(meetingFields(x))}${meetingInner(x)}</meeting>`).join('');
      const none: Field[] = all.length
        ? []
        : [
            ['messageKey', 'noMeetings'],
            ['message', 'no meetings were found on this server'],
          ];
      return xml([['returncode', 'SUCCESS'], ...none], `<meetings>${inner}</meetings>`);
    }
    case 'end': {
      if (!p.meetingID) return failed('missingParamMeetingID', 'You must specify a meeting ID for the meeting.');
      if (!m) return notFound();
      if (p.password && p.password !== m.moderatorPw)
        return failed('invalidPassword', 'You must supply the moderator password for this call.');
      endRun(m, state.now());
      return xml([
        ['returncode', 'SUCCESS'],
        ['messageKey', 'sentEndMeetingRequest'],
        [
          'message',
          'A request to end the meeting was sent.  Please wait a few seconds, and then use the getMeetingInfo or isMeetingRunning API calls to verify that it was ended.',
        ],
      ]);
    }
    case 'getRecordings': {
      const meetings = ids(p.meetingID);
      const records = ids(p.recordID);
      const states = ids(p.state);
      const list = state.recordings.filter(
        (r) =>
          r.state !== 'deleted' &&
          (!meetings.length || meetings.includes(r.meetingId)) &&
          (!records.length || records.includes(r.recordId)) &&
          (states.includes('any') ||
            (states.length ? states.includes(r.state) : ['published', 'unpublished'].includes(r.state))),
      );
      const none: Field[] = list.length
        ? []
        : [
            ['messageKey', 'noRecordings'],
            ['message', 'There are no recordings for the meeting(s).'],
          ];
      return xml([['returncode', 'SUCCESS'], ...none], `<recordings>${list.map(recordingXml).join('')}</recordings>`);
    }
    case 'publishRecordings':
    case 'deleteRecordings': {
      const wanted = ids(p.recordID);
      if (!wanted.length) return failed('missingParamRecordID', 'You must specify one or more a record IDs.');
      const publish = p.publish;
      if (call === 'publishRecordings' && publish !== 'true' && publish !== 'false')
        return failed('missingParamPublish', 'You must specify one a publish value true or false.');
      const found = state.recordings.filter((r) => wanted.includes(r.recordId) && r.state !== 'deleted');
      if (!found.length) return failed('notFound', 'We could not find recordings');
      for (const r of found) {
        if (call === 'deleteRecordings') r.state = 'deleted';
        else {
          r.published = publish === 'true';
          r.state = r.published ? 'published' : 'unpublished';
        }
      }
      return xml([
        ['returncode', 'SUCCESS'],
        call === 'deleteRecordings' ? ['deleted', true] : ['published', publish === 'true'],
      ]);
    }
    default:
      return failed('unsupportedRequest', 'This request is not supported.');
  }
}
