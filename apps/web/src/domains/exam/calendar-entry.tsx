import { WarningFilled } from '@ant-design/icons';
import { type CalendarEntry, ExamState, ExamStatus } from '@lyceum/contract';
import dayjs from 'dayjs';
import type { CSSProperties, ReactNode } from 'react';
import { windowHours } from '../../crud/duration';
import { useScheduleTexts } from './schedule-texts';

const stateClass = {
  [ExamState.Draft]: 'is-draft',
  [ExamState.Published]: 'is-published',
  [ExamState.Cancelled]: 'is-cancelled',
} as const;

export function placeOf(e: CalendarEntry, t: (key: string, params?: Record<string, string>) => string): string {
  if (e.venueName) return e.venueName;
  if (e.virtualRoomId) return t('examSchedule.online', { room: e.virtualRoomId });
  return t('examSchedule.noPlace');
}

export const timeOf = (e: Pick<CalendarEntry, 'windowStart' | 'windowEnd'>) => windowHours(e.windowStart, e.windowEnd);

interface Props {
  entry: CalendarEntry;
  // The week grid shows the place too; the month cell only the time and name; a bar across days (`bar`)
  // its name, dated times and place on one line.
  compact?: boolean;
  bar?: boolean;
  style?: CSSProperties;
  onOpen: (entry: CalendarEntry) => void;
  children?: ReactNode;
}

// One exam on the calendar: coloured by its state, outlined in red with a mark when a conflict
// stops it (an error), in orange when it only warns; an open-window exam (decision 43) is striped,
// a period its candidates choose a time in rather than a sitting. A button: Enter or a click opens
// its details.
export function CalendarItem({ entry, compact = false, bar = false, style, onOpen, children }: Props) {
  const { t } = useScheduleTexts();
  const conflicted = entry.conflicts.length > 0;
  const blocking = entry.conflicts.some((c) => c.severity === 'error');
  const mark = conflicted ? (blocking ? ' has-conflict' : ' has-warning') : '';
  const live = entry.state === ExamState.Published && entry.status === ExamStatus.InProgress;
  const place = placeOf(entry, t);
  const time = timeOf(entry);
  // The button's name is its text; the parts only the eye separates get hidden separators, and the
  // conflicts are said in words (the mark is an icon).
  const sr = (text: string) => <span className="exam-sr-only">{text}</span>;
  return (
    <button
      type="button"
      className={`exam-cal-item ${stateClass[entry.state]}${live ? ' is-live' : ''}${entry.openWindow ? ' is-open-window' : ''}${mark}${compact ? ' is-compact' : ''}${bar ? ' is-bar' : ''}`}
      style={style}
      title={`${entry.name}\n${time}\n${place}`}
      onClick={(e) => {
        // The month cell under it would take the click as picking the day.
        e.stopPropagation();
        onOpen(entry);
      }}
    >
      <span className="exam-cal-line">
        {conflicted && <WarningFilled className="exam-cal-warn" aria-hidden />}
        {compact && <span className="exam-cal-time">{dayjs(entry.windowStart).format('HH:mm')} </span>}
        <span className="exam-cal-name">{entry.name}</span>
      </span>
      {compact ? (
        sr(`, ${time}, ${place}`)
      ) : (
        <>
          <span className="exam-cal-meta">
            {sr(', ')}
            {time}
          </span>
          <span className="exam-cal-meta">
            {sr(', ')}
            {place}
          </span>
        </>
      )}
      {entry.openWindow && sr(`; ${t('examSchedule.openWindow')}`)}
      {conflicted &&
        sr(`; ${t(blocking ? 'examSchedule.conflicts' : 'examSchedule.warnings', { count: entry.conflicts.length })}`)}
      {children}
    </button>
  );
}
