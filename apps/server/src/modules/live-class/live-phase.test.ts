import { LiveClassStatus, LivePhase } from '@lyceum/contract';
import { describe, expect, it } from 'vitest';
import { opensAt, phaseOf } from './live-phase';

const row = (status: number) => ({
  status,
  startsAt: new Date('2031-05-06T02:00:00Z'),
  endsAt: new Date('2031-05-06T03:00:00Z'),
  joinOpensMinutes: 15,
});
const at = (iso: string) => new Date(iso);

describe('the phase of a live class', () => {
  it('reads the join window of a scheduled class from the clock', () => {
    const s = row(LiveClassStatus.Scheduled);
    expect(opensAt(s).toISOString()).toBe('2031-05-06T01:45:00.000Z');
    expect(phaseOf(s, at('2031-05-06T01:44:59Z'), 0)).toBe(LivePhase.Scheduled);
    expect(phaseOf(s, at('2031-05-06T01:45:00Z'), 0)).toBe(LivePhase.Open);
    expect(phaseOf(s, at('2031-05-06T03:00:00Z'), 0)).toBe(LivePhase.Ended);
  });

  it('keeps the stored states, with a published recording making an ended class ready', () => {
    const late = at('2031-05-07T00:00:00Z');
    expect(phaseOf(row(LiveClassStatus.Draft), late, 0)).toBe(LivePhase.Draft);
    expect(phaseOf(row(LiveClassStatus.Live), late, 0)).toBe(LivePhase.Live);
    expect(phaseOf(row(LiveClassStatus.Cancelled), late, 1)).toBe(LivePhase.Cancelled);
    expect(phaseOf(row(LiveClassStatus.Ended), late, 0)).toBe(LivePhase.Ended);
    expect(phaseOf(row(LiveClassStatus.Ended), late, 1)).toBe(LivePhase.RecordingReady);
  });
});
