import { type Period, type Slot, type SlotInput, WeekParity } from '@lyceum/contract';
import { minutesOf } from './timetable-dates';
import { type WhenValues, whenBody, whenValues } from './when-values';

// A weekly slot as the slots editor holds it, to and from the contract, and the periods a week the
// slots give.

export interface SlotValues extends WhenValues {
  id?: number | null;
  weekday?: number;
  parity?: number;
  validFrom?: string | null;
  validTo?: string | null;
  venueId?: number | null;
}

export function slotValues(s: Slot): SlotValues {
  return {
    id: s.id,
    weekday: s.weekday,
    ...whenValues(s),
    parity: s.parity,
    validFrom: s.validFrom,
    validTo: s.validTo,
    venueId: s.venueId,
  };
}

export function slotBody(s: SlotValues): SlotInput {
  return {
    id: s.id ?? null,
    weekday: s.weekday ?? 1,
    ...whenBody(s),
    parity: (s.parity ?? WeekParity.All) as SlotInput['parity'],
    validFrom: s.validFrom ?? null,
    validTo: s.validTo ?? null,
    venueId: s.venueId ?? null,
  };
}

// Periods a week the slots give, as the server counts them: an odd- or even-week slot counts half;
// a slot by times one per period it overlaps, at least one.
export function scheduledPerWeek(slots: SlotValues[], periods: Period[]): number {
  return slots.reduce((sum, s) => {
    const w = whenBody(s);
    let n = 0;
    if (w.periodFrom != null && w.periodTo != null) n = Math.max(0, w.periodTo - w.periodFrom + 1);
    else if (w.startTime && w.endTime) {
      const [from, to] = [minutesOf(w.startTime), minutesOf(w.endTime)];
      n = Math.max(1, periods.filter((p) => minutesOf(p.start) < to && from < minutesOf(p.end)).length);
    }
    return sum + (s.parity === WeekParity.All || s.parity == null ? n : n / 2);
  }, 0);
}
