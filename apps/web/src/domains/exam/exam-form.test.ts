import { CameraSource, RegistrationMode } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { crossFieldProblems, examBody, newExamValues } from './exam-form';

const filled = () => ({
  ...newExamValues(),
  name: 'Calculus final',
  paperId: 7,
  windowStart: '2026-06-10T01:00:00.000Z',
  windowEnd: '2026-06-10T03:00:00.000Z',
  durationMinutes: 90,
});

describe('exam form', () => {
  it('starts from the contract defaults with nothing chosen', () => {
    const v = newExamValues();
    expect(v.registrationMode).toBe(RegistrationMode.Assigned);
    expect(v.graceSeconds).toBe(60);
    expect(v.cameraSource).toBe(0);
    expect(v.teamIds).toEqual([]);
  });

  it('sends only the chosen place and camera off as null', () => {
    const venue = examBody({ ...filled(), placeKind: 'venue', venueId: 3, virtualRoomId: 'R-1' });
    expect([venue.venueId, venue.virtualRoomId, venue.cameraSource]).toEqual([3, null, null]);
    const online = examBody({ ...filled(), placeKind: 'virtual', venueId: 3, virtualRoomId: ' R-1 ' });
    expect([online.venueId, online.virtualRoomId]).toEqual([null, 'R-1']);
    expect(examBody({ ...filled(), cameraSource: CameraSource.Rear }).cameraSource).toBe(CameraSource.Rear);
  });

  it('drops the registration details of an assigned exam', () => {
    const body = examBody({
      ...filled(),
      registrationStart: '2026-06-01T00:00:00.000Z',
      registrationEnd: '2026-06-05T00:00:00.000Z',
      capacity: 30,
      needsApproval: true,
    });
    expect([body.registrationStart, body.registrationEnd, body.capacity, body.needsApproval]).toEqual([
      null,
      null,
      null,
      false,
    ]);
  });

  it('finds the contract’s checks across fields before sending, each under its field', () => {
    expect(crossFieldProblems(examBody(filled()))).toEqual([]);
    const backwards = crossFieldProblems(examBody({ ...filled(), windowEnd: '2026-06-10T00:30:00.000Z' }));
    expect(backwards.map((p) => [p.field, p.detail.key])).toEqual([['windowEnd', 'endBeforeStart']]);
    const long = crossFieldProblems(examBody({ ...filled(), durationMinutes: 150 }));
    expect(long.map((p) => [p.field, p.detail.key])).toEqual([['durationMinutes', 'longerThanWindow']]);
    const open = crossFieldProblems(
      examBody({
        ...filled(),
        registrationMode: RegistrationMode.Open,
        registrationStart: '2026-06-01T00:00:00.000Z',
        registrationEnd: '2026-06-11T00:00:00.000Z',
      }),
    );
    expect(open.map((p) => [p.field, p.detail.key])).toEqual([['registrationEnd', 'registrationAfterStart']]);
  });
});
