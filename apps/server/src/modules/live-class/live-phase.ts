import { LiveClassStatus, LivePhase } from '@lyceum/contract';

// What people see of a live class: the stored state with the clock and the recordings read in.
// "Open" is never stored: it is the join window (from `joinOpensMinutes` before the start) of a
// scheduled class; a scheduled class whose end has passed reads as ended before the sweep ends it.

export interface PhaseFacts {
  status: number;
  startsAt: Date;
  endsAt: Date;
  joinOpensMinutes: number;
}

export function opensAt(row: Pick<PhaseFacts, 'startsAt' | 'joinOpensMinutes'>): Date {
  return new Date(row.startsAt.getTime() - row.joinOpensMinutes * 60_000);
}

// `recordingCount`: the published recordings (one is enough for "recording ready").
export function phaseOf(row: PhaseFacts, now: Date, recordingCount: number): LivePhase {
  switch (row.status) {
    case LiveClassStatus.Draft:
      return LivePhase.Draft;
    case LiveClassStatus.Cancelled:
      return LivePhase.Cancelled;
    case LiveClassStatus.Live:
      return LivePhase.Live;
    case LiveClassStatus.Ended:
      return recordingCount > 0 ? LivePhase.RecordingReady : LivePhase.Ended;
    default:
      if (now >= row.endsAt) return recordingCount > 0 ? LivePhase.RecordingReady : LivePhase.Ended;
      return now >= opensAt(row) ? LivePhase.Open : LivePhase.Scheduled;
  }
}
