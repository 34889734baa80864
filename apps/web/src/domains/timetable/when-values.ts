// When a slot or a lesson takes place, as a form holds it (`byTimes` beside the four fields) and
// as the contract takes it (only the pair chosen; the other two null).

export interface WhenValues {
  byTimes?: boolean;
  periodFrom?: number | null;
  periodTo?: number | null;
  startTime?: string | null;
  endTime?: string | null;
}

export function whenBody(v: WhenValues) {
  return v.byTimes
    ? { periodFrom: null, periodTo: null, startTime: v.startTime ?? null, endTime: v.endTime ?? null }
    : { periodFrom: v.periodFrom ?? null, periodTo: v.periodTo ?? null, startTime: null, endTime: null };
}

// A saved slot or lesson as the inputs hold it.
export function whenValues(w: {
  periodFrom: number | null;
  periodTo: number | null;
  startTime?: string | null;
  endTime?: string | null;
}): WhenValues {
  const byTimes = w.periodFrom == null;
  return {
    byTimes,
    periodFrom: w.periodFrom,
    periodTo: w.periodTo,
    startTime: byTimes ? (w.startTime ?? null) : null,
    endTime: byTimes ? (w.endTime ?? null) : null,
  };
}
