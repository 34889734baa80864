import { LiveProviderKind, RecordingMode } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { crossFieldProblems, liveBody, newLiveValues } from './live-form';

const base = {
  ...newLiveValues(7),
  title: ' Physics Q&A ',
  teamIds: [3],
  startsAt: '2026-12-01T10:00:00.000Z',
  endsAt: '2026-12-01T10:45:00.000Z',
};

describe('the live-class form', () => {
  it('starts with the caller as the host and the contract’s defaults', () => {
    const v = newLiveValues(7);
    expect(v.teacherIds).toEqual([7]);
    expect(v.providerId).toBe(0);
    expect(v.providerKind).toBe(LiveProviderKind.BigBlueButton);
    expect(v.joinOpensMinutes).toBe(15);
    expect(newLiveValues(null).teacherIds).toEqual([]);
  });

  it('sends only the chosen provider’s details', () => {
    const bbb = liveBody({ ...base, providerId: 0, externalUrl: 'https://meet.example.org/x' });
    expect(bbb).toMatchObject({ title: 'Physics Q&A', providerId: null, externalUrl: null });
    const account = liveBody({ ...base, providerId: 4 });
    expect(account.providerId).toBe(4);
    const link = liveBody({
      ...base,
      providerKind: LiveProviderKind.ExternalLink,
      providerId: 4,
      externalUrl: ' https://meet.example.org/x ',
      recordingMode: RecordingMode.Automatic,
    });
    // An external meeting records nothing here and runs on no account.
    expect(link).toMatchObject({
      providerId: null,
      externalUrl: 'https://meet.example.org/x',
      recordingMode: RecordingMode.Off,
    });
  });

  it('drops a lesson without its course', () => {
    expect(liveBody({ ...base, courseId: null, courseLessonId: 9 }).courseLessonId).toBeNull();
    expect(liveBody({ ...base, courseId: 2, courseLessonId: 9 })).toMatchObject({ courseId: 2, courseLessonId: 9 });
  });

  it('finds the contract’s cross-field problems under their fields', () => {
    expect(crossFieldProblems(liveBody(base))).toEqual([]);
    const fields = (v: Parameters<typeof liveBody>[0]) => crossFieldProblems(liveBody(v)).map((p) => p.field);
    expect(fields({ ...base, endsAt: base.startsAt })).toEqual(['endsAt']);
    expect(fields({ ...base, teamIds: [] })).toEqual(['teamIds']);
    expect(fields({ ...base, providerKind: LiveProviderKind.ExternalLink, externalUrl: '' })).toEqual(['externalUrl']);
  });
});
