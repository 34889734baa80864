import type { ChecksumAlgorithm, LiveProviderKind, LiveRole } from '@lyceum/contract';

// One interface for every conferencing service (decision 55). BigBlueButton is driven through its
// checksum-signed API (bbb/bbb-client.ts) and tells us the attendance and the recordings through
// signed callbacks; an external link is only an address. Zoom, Tencent Meeting or DingTalk would be
// adapters here too, whose participants a scheduled job pulls (`participants`).

// A server account: the organisation's (live_providers, secret opened) or the environment's
// (LIVE_BBB_URL, LIVE_BBB_SECRET).
export interface ProviderAccount {
  // null for the environment's server.
  id: number | null;
  kind: LiveProviderKind;
  name: string;
  // The API base, e.g. https://bbb.example.edu/bigbluebutton/ ("api/<call>" is appended).
  url: string;
  secret: string;
  checksumAlgorithm: ChecksumAlgorithm;
}

// What a meeting is created with.
export interface MeetingSpec {
  meetingId: string;
  name: string;
  moderatorPw: string;
  attendeePw: string;
  // Minutes after which the server ends it by itself (the scheduled length plus a margin).
  durationMinutes: number;
  record: boolean;
  autoStartRecording: boolean;
  // Where the provider posts the meeting-end analytics and recording-ready callbacks (absolute).
  analyticsCallbackUrl: string;
  recordingReadyUrl: string;
  welcome?: string;
  logoutUrl?: string;
}

export interface Joiner {
  userId: number;
  fullName: string;
  role: LiveRole;
}

export interface MeetingInfo {
  running: boolean;
  createTime: number | null;
  participantCount: number;
  startTime: Date | null;
  endTime: Date | null;
}

export interface ProviderRecording {
  recordId: string;
  meetingId: string;
  published: boolean;
  // 'processing' | 'processed' | 'published' | 'unpublished' | 'deleted' as BigBlueButton says.
  state: string;
  startTime: Date | null;
  endTime: Date | null;
  playbackUrl: string | null;
  seconds: number | null;
}

// One participant as a provider reports them: our user id (BigBlueButton's ext_user_id, which the
// join carried) or null when the provider names someone who did not join through Lyceum.
export interface ProviderParticipant {
  userId: number | null;
  name: string;
  moderator: boolean;
  joins: Date[];
  leaves: Date[];
  seconds: number;
  engagement: Record<string, number> | null;
}

export interface MeetingReport {
  meetingId: string;
  // The provider's id of this run of the meeting (the dedupe key of its report).
  instanceId: string;
  start: Date | null;
  finish: Date | null;
  participants: ProviderParticipant[];
}

// A failure talking to the provider: `detail` says what (unreachable, a FAILED answer's key).
export class ProviderError extends Error {
  constructor(
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`live provider: ${detail}`, options);
  }
}

export interface ConferencingProvider {
  // Creates the meeting, or finds it running (creating twice is harmless): its createTime.
  createMeeting(account: ProviderAccount, spec: MeetingSpec): Promise<{ createTime: number | null }>;
  // The address that enters this person, signed; built locally, nothing is sent.
  joinUrl(
    account: ProviderAccount,
    spec: Pick<MeetingSpec, 'meetingId' | 'moderatorPw' | 'attendeePw'>,
    who: Joiner,
    createTime: number | null,
  ): string;
  isMeetingRunning(account: ProviderAccount, meetingId: string): Promise<boolean>;
  meetingInfo(account: ProviderAccount, meetingId: string, moderatorPw: string): Promise<MeetingInfo | null>;
  endMeeting(account: ProviderAccount, meetingId: string, moderatorPw: string): Promise<void>;
  recordings(account: ProviderAccount, meetingId: string): Promise<ProviderRecording[]>;
  publishRecording(account: ProviderAccount, recordId: string, publish: boolean): Promise<void>;
  deleteRecording(account: ProviderAccount, recordId: string): Promise<void>;
  // The server's version, proving the secret (the settings' "test").
  ping(account: ProviderAccount): Promise<string>;
}

// Callback verification, separate from the API client: the raw request in, the checked content out.
export interface VerifiedAnalytics {
  report: MeetingReport;
  raw: unknown;
}
export interface VerifiedRecordingReady {
  meetingId: string;
  recordId: string;
  raw: unknown;
}
