import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChecksumAlgorithm } from '@lyceum/contract';
import { LiveProviderKind } from '@lyceum/contract';
import type { ProviderAccount } from '../../src/modules/live-class/live-provider';
import { clock } from '../../src/platform/clock';
import {
  type Answer,
  answerCall,
  checksumValid,
  endRun,
  type FakeCall,
  type FakeMeeting,
  type FakeRecording,
  type FakeRole,
  type FakeSession,
  type FakeState,
  failed,
  hex,
  xml,
} from './fake-bbb-api';
import {
  type AnalyticsOptions,
  buildAnalytics,
  buildRecordingReady,
  type CallbackRequest,
  type RecordingReadyOptions,
} from './fake-bbb-callbacks';

// A BigBlueButton server for the tests, without the internet: a real HTTP server on 127.0.0.1
// answering /bigbluebutton/api/* in the XML shapes of bbb-web, checking every checksum as bbb-web
// does, keeping meetings (with the callback URLs they were created with), joins and recordings, and
// writing the signed callbacks a real server posts when a meeting ends or a recording is ready.

export type {
  AnalyticsOptions,
  CallbackRequest,
  FakeCall,
  FakeMeeting,
  FakeRecording,
  FakeRole,
  FakeSession,
  RecordingReadyOptions,
};

export interface EnterResult {
  ok: true;
  meetingId: string;
  // userID as the join URL carried it (a string, as BigBlueButton keeps it).
  userId: string;
  role: FakeRole;
  fullName: string;
  sessionToken: string;
}

// What a join was refused for: BigBlueButton's messageKey (checksumError, invalidMeetingIdentifier,
// mismatchCreateTimeParam, meetingForciblyEnded, invalidPassword).
export class FakeJoinRefused extends Error {
  constructor(readonly key: string) {
    super(`fake BBB refused the join: ${key}`);
  }
}

export interface FakeBbb {
  // The API base, http://127.0.0.1:<port>/bigbluebutton/ (what an account's url holds).
  url: string;
  origin: string;
  secret: string;
  calls: FakeCall[];
  meetings: Map<string, FakeMeeting>;
  recordings: FakeRecording[];
  // An account on this server for the provider interface.
  account(checksumAlgorithm?: ChecksumAlgorithm): ProviderAccount;
  meeting(meetingId: string): FakeMeeting;
  // A browser following a join URL: GETs it, so the server checks it; the join is recorded at
  // `at` (default now).
  enter(joinUrl: string, at?: Date | number): Promise<EnterResult>;
  // The person's open stays end at `at` (default now); throws when they are not inside.
  leave(meetingId: string, userId: number | string, at?: Date | number): void;
  // The teacher ends the meeting inside BigBlueButton: everyone leaves at `at`.
  endMeeting(meetingId: string, at?: Date | number): void;
  // The next call of this name answers FAILED with this key (after its checksum passed).
  failNext(call: string, messageKey?: string): void;
  analyticsCallback(meetingId: string, opts?: AnalyticsOptions): Promise<CallbackRequest>;
  recordingReady(meetingId: string, opts?: RecordingReadyOptions): Promise<CallbackRequest>;
  // Posts a callback over HTTP (when the app listens, as in the browser test).
  deliver(req: CallbackRequest): Promise<{ status: number; json: unknown; text: string }>;
  close(): Promise<void>;
}

export interface FakeBbbOptions {
  secret?: string;
  // The checksum algorithms the server accepts (bbb-web's supportedChecksumAlgorithms): all four by default.
  algorithms?: string[];
  // The server's clock, epoch ms: by default the app's (settable) clock, so times agree in API tests.
  now?: () => number;
}

const ms = (at: Date | number) => (typeof at === 'number' ? at : at.getTime());

function send(res: http.ServerResponse, a: Pick<Answer, 'status' | 'headers' | 'body'>) {
  res.writeHead(a.status, a.headers);
  res.end(a.body);
}
const page = (title: string) => ({
  status: 200,
  headers: { 'content-type': 'text/html;charset=utf-8' },
  body: `<!doctype html><title>Fake BigBlueButton</title><h1>${title.replace(/[&<>"']/g, '')}</h1>`,
});

// bbb-web's join: checksum, meeting, createTime, role (or the password of older servers). With
// redirect=true it redirects into the client, or on a refusal to the logout address with the errors.
function join(
  state: FakeState,
  p: Record<string, string>,
  checksumOk: boolean,
): { refused: string | null; session?: FakeSession } {
  if (!checksumOk) return { refused: 'checksumError' };
  const m = p.meetingID ? state.meetings.get(p.meetingID) : undefined;
  if (!m) return { refused: 'invalidMeetingIdentifier' };
  if (m.forciblyEnded) return { refused: 'meetingForciblyEnded' };
  if (p.createTime && Number(p.createTime) !== m.createTime) return { refused: 'mismatchCreateTimeParam' };
  let role: FakeRole;
  if (p.role) role = p.role.toUpperCase() === 'MODERATOR' ? 'MODERATOR' : 'VIEWER';
  else if (p.password === m.moderatorPw) role = 'MODERATOR';
  else if (p.password === m.attendeePw) role = 'VIEWER';
  else return { refused: 'invalidPassword' };
  if (!p.fullName) return { refused: 'missingParamFullName' };
  const internalUserId = `w_${hex(6)}`;
  const session: FakeSession = {
    userId: p.userID || internalUserId,
    internalUserId,
    fullName: p.fullName,
    role,
    joinedAt: state.now(),
    leftAt: null,
    sessionToken: hex(8),
  };
  m.sessions.push(session);
  m.running = true;
  return { refused: null, session };
}

function handle(state: FakeState, req: http.IncomingMessage, res: http.ServerResponse) {
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  const path = q < 0 ? raw : raw.slice(0, q);
  const query = q < 0 ? '' : raw.slice(q + 1);
  const params = Object.fromEntries(new URLSearchParams(query));
  if (path === '/bigbluebutton/api' || path === '/bigbluebutton/api/') {
    return send(
      res,
      xml([
        ['returncode', 'SUCCESS'],
        ['version', '2.0'],
        ['apiVersion', '2.0'],
        ['bbbVersion', '2.7.0-fake'],
      ]),
    );
  }
  if (path.startsWith('/bigbluebutton/api/')) {
    const call = path.slice('/bigbluebutton/api/'.length);
    const ok = checksumValid(state, call, query);
    const log = (returncode: 'SUCCESS' | 'FAILED', messageKey: string | null) =>
      state.calls.push({ call, query, params, returncode, messageKey, at: state.now() });
    const failure = ok ? state.failures.get(call) : undefined;
    if (failure) state.failures.delete(call);
    if (call === 'join') {
      const r = failure ? { refused: failure } : join(state, params, ok);
      log(r.refused ? 'FAILED' : 'SUCCESS', r.refused ?? 'successfullyJoined');
      if (params.redirect === 'false') {
        if (r.refused) return send(res, failed(r.refused, 'The join was refused.'));
        const s = r.session!;
        return send(
          res,
          xml([
            ['returncode', 'SUCCESS'],
            ['messageKey', 'successfullyJoined'],
            ['message', 'You have joined successfully.'],
            ['meeting_id', state.meetings.get(params.meetingID)?.internalMeetingId ?? ''],
            ['user_id', s.internalUserId],
            ['auth_token', hex(6)],
            ['session_token', s.sessionToken],
            ['guestStatus', 'ALLOW'],
            ['url', `${state.origin}/html5client/join?sessionToken=${s.sessionToken}`],
          ]),
        );
      }
      const location = r.refused
        ? `${state.origin}/?errors=${encodeURIComponent(JSON.stringify([{ key: r.refused, message: 'The join was refused.' }]))}`
        : `${state.origin}/html5client/join?sessionToken=${r.session!.sessionToken}`;
      res.writeHead(302, { location });
      return res.end();
    }
    const a = !ok
      ? failed('checksumError', 'You did not pass the checksum security check')
      : failure
        ? failed(failure, 'Failed as the test asked.')
        : answerCall(state, call, params);
    log(a.ok ? 'SUCCESS' : 'FAILED', a.messageKey);
    return send(res, a);
  }
  if (path === '/html5client/join') {
    const s = [...state.meetings.values()]
      .flatMap((m) => m.sessions)
      .find((x) => x.sessionToken === params.sessionToken);
    return send(res, page(s ? `${s.fullName} is in the meeting` : 'Unknown session'));
  }
  if (path.startsWith('/playback/')) return send(res, page('Recording playback'));
  if (path === '/') return send(res, page(params.errors ? `Join refused: ${params.errors}` : 'Fake BigBlueButton'));
  send(res, { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' });
}

export async function startFakeBbb(opts: FakeBbbOptions = {}): Promise<FakeBbb> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const state: FakeState = {
    secret: opts.secret ?? `fake-bbb-${hex(12)}`,
    algorithms: opts.algorithms ?? ['sha1', 'sha256', 'sha384', 'sha512'],
    origin,
    now: opts.now ?? (() => clock.now()),
    meetings: new Map(),
    recordings: [],
    calls: [],
    failures: new Map(),
  };
  server.on('request', (req, res) => {
    try {
      handle(state, req, res);
    } catch (e) {
      send(res, { status: 500, headers: { 'content-type': 'text/plain' }, body: String(e) });
    }
  });
  const meeting = (meetingId: string) => {
    const m = state.meetings.get(meetingId);
    if (!m)
      throw new Error(
        `fake BBB: no meeting ${meetingId} (created: ${[...state.meetings.keys()].join(', ') || 'none'})`,
      );
    return m;
  };
  const url = `${origin}/bigbluebutton/`;
  return {
    url,
    origin,
    secret: state.secret,
    calls: state.calls,
    meetings: state.meetings,
    recordings: state.recordings,
    account: (checksumAlgorithm = 'sha256') => ({
      id: null,
      kind: LiveProviderKind.BigBlueButton,
      name: 'Fake BigBlueButton',
      url,
      secret: state.secret,
      checksumAlgorithm,
    }),
    meeting,
    async enter(joinUrl, at) {
      if (!joinUrl.startsWith(`${url}api/join?`))
        throw new Error(`fake BBB: not a join URL of this server: ${joinUrl}`);
      const res = await fetch(joinUrl, { redirect: 'manual' });
      const location = res.headers.get('location') ?? '';
      const token = /\/html5client\/join\?sessionToken=(\w+)/.exec(location)?.[1];
      if (!token) {
        const errors = new URL(location || origin).searchParams.get('errors');
        const parsed = errors ? (JSON.parse(errors) as { key: string }[]) : [];
        throw new FakeJoinRefused(parsed[0]?.key ?? `http ${res.status}`);
      }
      const m = [...state.meetings.values()].find((x) => x.sessions.some((s) => s.sessionToken === token))!;
      const s = m.sessions.find((x) => x.sessionToken === token)!;
      if (at !== undefined) s.joinedAt = ms(at);
      return {
        ok: true,
        meetingId: m.meetingId,
        userId: s.userId,
        role: s.role,
        fullName: s.fullName,
        sessionToken: token,
      };
    },
    leave(meetingId, userId, at) {
      const open = meeting(meetingId).sessions.filter((s) => s.userId === String(userId) && s.leftAt === null);
      if (!open.length) throw new Error(`fake BBB: ${userId} is not in meeting ${meetingId}`);
      for (const s of open) s.leftAt = at === undefined ? state.now() : ms(at);
    },
    endMeeting(meetingId, at) {
      endRun(meeting(meetingId), at === undefined ? state.now() : ms(at));
    },
    failNext(call, messageKey = 'internalError') {
      state.failures.set(call, messageKey);
    },
    analyticsCallback: (meetingId, o) => buildAnalytics(state, meeting(meetingId), o),
    recordingReady: (meetingId, o) => buildRecordingReady(state, meeting(meetingId), o),
    async deliver(req) {
      const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
      return { status: res.status, json, text };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
