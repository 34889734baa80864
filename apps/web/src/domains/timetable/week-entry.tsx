import { type Lang, LessonStatus, labelOf, lessonStatusLabels, type WeekEntry } from '@lyceum/contract';
import { Descriptions, Popover } from 'antd';
import type { CSSProperties } from 'react';
import { useLang } from '../../shell/i18n';
import { hhmm, zonedPoint } from './week-layout';
import { useWeekTexts } from './week-texts';

// One entry of the week: a button coloured by its kind and state (a cancelled lesson struck
// through, a moved or substituted one marked), named in full for screen readers. Without a click
// handler of the screen's, a click shows its details.

type T = (key: string, params?: Record<string, string | number>) => string;

// A day as people read it ('Mon 3 Mar', '3月3日周一'); days are calendar dates, so formatted in UTC.
export function dayText(day: string, lang: Lang, style: 'short' | 'long' = 'short'): string {
  const locale = lang === 'zh' ? 'zh-CN' : 'en-GB';
  const opts: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }
      : { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, opts).format(new Date(`${day}T00:00:00Z`));
}

export function weekdayText(day: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

// '08:00–08:45', or with the days when it runs over more than one ('03-03 09:00 – 03-10 09:00').
export function timeText(e: Pick<WeekEntry, 'startsAt' | 'endsAt' | 'kind'>, timeZone: string): string {
  const from = zonedPoint(e.startsAt, timeZone);
  if (e.kind === 'homework') return hhmm(from.minutes);
  const to = zonedPoint(e.endsAt, timeZone);
  if (from.day === to.day || (to.minutes === 0 && Date.parse(e.endsAt) - Date.parse(e.startsAt) <= 86_400_000))
    return `${hhmm(from.minutes)}–${to.minutes === 0 && from.day !== to.day ? '24:00' : hhmm(to.minutes)}`;
  return `${from.day.slice(5)} ${hhmm(from.minutes)} – ${to.day.slice(5)} ${hhmm(to.minutes)}`;
}

// What state an entry is in, in words (none for a plain one).
export function stateText(e: WeekEntry, t: T, lang: Lang): string | null {
  if (e.kind !== 'lesson' || e.status === null || e.status === LessonStatus.Scheduled) return null;
  if (e.handedOver && e.teacherName) return t('weekCal.handedOver', { teacher: e.teacherName });
  return labelOf(lessonStatusLabels, e.status as LessonStatus, lang);
}

export function entryClass(e: WeekEntry): string {
  const state =
    e.kind === 'lesson'
      ? e.status === LessonStatus.Cancelled
        ? ' is-cancelled'
        : e.handedOver
          ? ' is-handed-over'
          : e.status === LessonStatus.Moved
            ? ' is-moved'
            : e.status === LessonStatus.Substituted
              ? ' is-substituted'
              : ''
      : '';
  return `week-entry kind-${e.kind}${state}`;
}

function movedText(e: WeekEntry, timeZone: string, t: T, lang: Lang): string | null {
  if (!e.movedFrom) return null;
  const from = Date.parse(e.movedFrom.startsAt);
  const when = Number.isNaN(from)
    ? e.movedFrom.day
    : `${dayText(zonedPoint(e.movedFrom.startsAt, timeZone).day, lang)} ${timeText({ ...e.movedFrom, kind: 'lesson' }, timeZone)}`;
  return t('weekCal.movedFrom', { when: e.movedFrom.venueName ? `${when}, ${e.movedFrom.venueName}` : when });
}

function teacherText(e: WeekEntry, t: T): string | null {
  if (!e.teacherName) return null;
  if (e.originalTeacherName && e.status === LessonStatus.Substituted)
    return t('weekCal.substituteFor', { teacher: e.teacherName, original: e.originalTeacherName });
  return e.teacherName;
}

// Everything said about an entry, in reading order: the accessible name and the details.
export function entryWords(e: WeekEntry, timeZone: string, t: T, lang: Lang) {
  const day = zonedPoint(e.startsAt, timeZone).day;
  return {
    kind: t(`weekCal.${e.kind}`),
    when: `${dayText(day, lang, 'long')}, ${e.kind === 'homework' ? t('weekCal.due', { time: timeText(e, timeZone) }) : timeText(e, timeZone)}`,
    periods:
      e.periodFrom === null
        ? null
        : e.periodTo !== null && e.periodTo !== e.periodFrom
          ? t('weekCal.periods', { from: e.periodFrom, to: e.periodTo })
          : t('weekCal.period', { no: e.periodFrom }),
    state: stateText(e, t, lang),
    moved: movedText(e, timeZone, t, lang),
    teacher: teacherText(e, t),
  };
}

export type EntryDetail = 'team' | 'teacher' | 'venue';

interface Props {
  entry: WeekEntry;
  timeZone: string;
  // The lines under the title, as far as the block's height allows.
  details: EntryDetail[];
  // A bar in the band above the hours (one line) rather than a block in a day.
  bar?: boolean;
  style?: CSSProperties;
  onClick?: (entry: WeekEntry) => void;
}

export function WeekEntryButton({ entry: e, timeZone, details, bar = false, style, onClick }: Props) {
  const { t } = useWeekTexts();
  const lang = useLang();
  const w = entryWords(e, timeZone, t, lang);
  const label = [e.title, w.kind, w.when, w.periods, e.venueName, w.teacher, e.teamName, w.state, w.moved]
    .filter(Boolean)
    .join(', ');
  const lines = details.flatMap((d) => {
    const text = d === 'team' ? e.teamName : d === 'teacher' ? w.teacher : e.venueName;
    return text ? [text] : [];
  });
  const button = (
    <button
      type="button"
      className={`${entryClass(e)}${bar ? ' is-bar' : ''}`}
      style={style}
      aria-label={label}
      title={label}
      onClick={onClick ? () => onClick(e) : undefined}
    >
      <span className="week-entry-title">{e.title}</span>
      <span className="week-entry-line">{timeText(e, timeZone)}</span>
      {w.state && <span className="week-entry-tag">{w.state}</span>}
      {!bar &&
        lines.map((line) => (
          <span key={line} className="week-entry-line">
            {line}
          </span>
        ))}
    </button>
  );
  if (onClick) return button;
  const items = [
    { key: 'kind', label: t('weekCal.kind'), children: w.kind },
    { key: 'time', label: t('weekCal.time'), children: [w.when, w.periods].filter(Boolean).join(' · ') },
    ...(e.venueName ? [{ key: 'venue', label: t('weekCal.venue'), children: e.venueName }] : []),
    ...(w.teacher ? [{ key: 'teacher', label: t('weekCal.teacher'), children: w.teacher }] : []),
    ...(e.teamName ? [{ key: 'class', label: t('weekCal.class'), children: e.teamName }] : []),
  ];
  return (
    <Popover
      trigger="click"
      title={e.title}
      content={
        <div className="week-entry-pop">
          <Descriptions size="small" column={1} items={items} />
          {w.state && <div className="week-entry-pop-state">{w.state}</div>}
          {w.moved && <div className="week-entry-pop-state">{w.moved}</div>}
        </div>
      }
    >
      {button}
    </Popover>
  );
}
