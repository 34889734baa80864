import { type LiveClassRow, LiveClassStatus, LivePhase } from '@lyceum/contract';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { moduleTexts } from '../../shell/module-texts';
import { en } from './live-texts-en';
import { zh } from './live-texts-zh';

// The live-class screens' texts, read as `live.key`.
export const { useTexts: useLiveTexts } = moduleTexts('live', en, zh);

export const DAY = 'YYYY-MM-DD';

// When, in two short lines: the day, then the times ("2026-06-10" / "09:00–10:00"); over midnight,
// the start, then the end.
export function whenLines(startsAt: string, endsAt: string): [string, string] {
  const from = dayjs(startsAt);
  const to = dayjs(endsAt);
  if (from.isSame(to, 'day')) return [from.format(DAY), `${from.format('HH:mm')}–${to.format('HH:mm')}`];
  return [`${from.format('YYYY-MM-DD HH:mm')} –`, to.format('YYYY-MM-DD HH:mm')];
}

export const minutesBetween = (startsAt: string, endsAt: string) =>
  Math.max(0, Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 60_000));

// The attendance rule in one sentence, with the minutes it means when the length is known.
export function ruleSentence(
  t: TFunction,
  presentPercent: number | null | undefined,
  lateAfterMinutes: number | null | undefined,
  scheduledMinutes: number | null,
): string {
  if (presentPercent == null || lateAfterMinutes == null) return t('live.ruleIncomplete');
  const needed = scheduledMinutes ? Math.ceil((scheduledMinutes * presentPercent) / 100) : null;
  return needed !== null && scheduledMinutes
    ? t('live.ruleSentenceMinutes', {
        percent: presentPercent,
        late: lateAfterMinutes,
        needed,
        minutes: scheduledMinutes,
      })
    : t('live.ruleSentence', { percent: presentPercent, late: lateAfterMinutes });
}

// What can be done with a live class, from its state (the server checks the same on every action).
export const isDraft = (row: LiveClassRow) => row.status === LiveClassStatus.Draft;
export const isOpenOrLive = (row: Pick<LiveClassRow, 'phase'>) =>
  row.phase === LivePhase.Open || row.phase === LivePhase.Live;
export const hasEnded = (row: Pick<LiveClassRow, 'phase'>) =>
  row.phase === LivePhase.Ended || row.phase === LivePhase.RecordingReady;
// The report exists from the start of the meeting (partial while it runs) until forever.
export const hasReport = (row: Pick<LiveClassRow, 'phase'>) => row.phase === LivePhase.Live || hasEnded(row);
export const editable = (row: LiveClassRow) =>
  row.status === LiveClassStatus.Draft || row.status === LiveClassStatus.Scheduled;
export const cancellable = (row: LiveClassRow) =>
  row.status === LiveClassStatus.Draft ||
  row.status === LiveClassStatus.Scheduled ||
  row.status === LiveClassStatus.Live;
