import { LiveRole } from '@lyceum/contract';
import type { ConferencingProvider, MeetingInfo, ProviderAccount, ProviderRecording } from '../live-provider';
import {
  apiBase,
  BbbFailure,
  bool,
  callApi,
  child,
  fetchXml,
  int,
  list,
  signedUrl,
  text,
  time,
  type XmlNode,
} from './bbb-api';

// BigBlueButton behind the provider interface. Every call is signed with the account's secret;
// the join address is built here and signed too, so the person's identity (our user id, sent as
// userID and reported back as ext_user_id) and role come from Lyceum, never from a display name.

export const bbbProvider: ConferencingProvider = {
  async createMeeting(account, spec) {
    const answer = await callApi(account, 'create', {
      name: spec.name,
      meetingID: spec.meetingId,
      attendeePW: spec.attendeePw,
      moderatorPW: spec.moderatorPw,
      record: spec.record,
      autoStartRecording: spec.record && spec.autoStartRecording,
      // Automatic recording takes the whole lesson; with manual recording the teacher has the button.
      allowStartStopRecording: spec.record && !spec.autoStartRecording,
      duration: spec.durationMinutes,
      welcome: spec.welcome,
      logoutURL: spec.logoutUrl,
      // Keeps the events of a meeting that is not recorded, from which the analytics callback is
      // written at its end.
      meetingKeepEvents: true,
      'meta_bbb-origin': 'Lyceum',
      'meta_analytics-callback-url': spec.analyticsCallbackUrl,
      'meta_bbb-recording-ready-url': spec.recordingReadyUrl,
    });
    // A meeting created before answers SUCCESS with messageKey duplicateWarning and its own createTime.
    return { createTime: int(answer, 'createTime') };
  },

  joinUrl(account, spec, who, createTime) {
    const moderator = who.role === LiveRole.Moderator;
    return signedUrl(account, 'join', {
      fullName: who.fullName,
      meetingID: spec.meetingId,
      role: moderator ? 'MODERATOR' : 'VIEWER',
      // Servers before 2.4 know the role only from the password.
      password: moderator ? spec.moderatorPw : spec.attendeePw,
      userID: who.userId,
      // Binds the address to this run of the meeting: after an end and a re-create it is refused.
      createTime: createTime ?? undefined,
      redirect: true,
    });
  },

  async isMeetingRunning(account, meetingId) {
    return bool(await callApi(account, 'isMeetingRunning', { meetingID: meetingId }), 'running');
  },

  async meetingInfo(account, meetingId, moderatorPw) {
    try {
      return infoOf(await callApi(account, 'getMeetingInfo', { meetingID: meetingId, password: moderatorPw }));
    } catch (e) {
      if (e instanceof BbbFailure && e.messageKey === 'notFound') return null;
      throw e;
    }
  },

  async endMeeting(account, meetingId, moderatorPw) {
    try {
      await callApi(account, 'end', { meetingID: meetingId, password: moderatorPw });
    } catch (e) {
      // A meeting the server no longer has is ended already.
      if (e instanceof BbbFailure && e.messageKey === 'notFound') return;
      throw e;
    }
  },

  async recordings(account, meetingId) {
    // state=any: recordings still processing too, not only published and unpublished ones.
    const answer = await callApi(account, 'getRecordings', { meetingID: meetingId, state: 'any' });
    return list(child(answer, 'recordings'), 'recording').map(recordingOf);
  },

  async publishRecording(account, recordId, publish) {
    await callApi(account, 'publishRecordings', { recordID: recordId, publish });
  },

  async deleteRecording(account, recordId) {
    try {
      await callApi(account, 'deleteRecordings', { recordID: recordId });
    } catch (e) {
      if (e instanceof BbbFailure && e.messageKey === 'notFound') return;
      throw e;
    }
  },

  async ping(account: ProviderAccount) {
    // getMeetings is checksummed, so an answer proves the secret; the unsigned API base names the version.
    await callApi(account, 'getMeetings', {});
    const base = await fetchXml(apiBase(account.url).replace(/\/$/, ''));
    return text(base, 'bbbVersion') || text(base, 'version') || 'unknown';
  },
};

function infoOf(answer: XmlNode): MeetingInfo {
  return {
    running: bool(answer, 'running'),
    createTime: int(answer, 'createTime'),
    participantCount: int(answer, 'participantCount') ?? 0,
    startTime: time(answer, 'startTime'),
    endTime: time(answer, 'endTime'),
  };
}

function recordingOf(r: XmlNode): ProviderRecording {
  const formats = list(child(r, 'playback'), 'format');
  // The slides-and-audio playback is the one people expect; another format when it is the only one.
  const format = formats.find((f) => text(f, 'type') === 'presentation') ?? formats[0] ?? null;
  const minutes = format ? int(format, 'length') : null;
  return {
    recordId: text(r, 'recordID') ?? '',
    meetingId: text(r, 'meetingID') ?? '',
    published: bool(r, 'published'),
    state: text(r, 'state') ?? (bool(r, 'published') ? 'published' : 'unpublished'),
    startTime: time(r, 'startTime'),
    endTime: time(r, 'endTime'),
    playbackUrl: (format && text(format, 'url')) || null,
    seconds: minutes === null ? null : Math.round(minutes * 60),
  };
}
