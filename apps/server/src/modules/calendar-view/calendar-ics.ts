import { LessonStatus } from '@lyceum/contract';
import type { DbOrTx } from '../../platform/db';
import type { FeedOwner } from './calendar-feed.service';
import { type IcsEvent, writeIcs } from './ics';
import { weekItems, weekRange, weekSettings } from './week.service';
import type { WeekItem } from './week-sources';
import { addDays, localDay, localTime } from './week-time';

// The feed's events: the owner's own week (as `me` shows it) from two weeks ago to four months
// ahead, in the language the address asks for.

const DAYS_BEFORE = 14;
const DAYS_AFTER = 120;
const REFRESH_MINUTES = 60;

type Lang = 'en' | 'zh';
const WORDS = {
  en: {
    calendar: (name: string, school: string) => `${name} · ${school}`,
    exam: 'Exam',
    due: 'Due',
    cancelled: 'Cancelled',
    classOf: 'Class',
    teacher: 'Teacher',
    periods: 'Periods',
    movedFrom: 'Moved from',
    substituteFor: (name: string) => ` (substituting for ${name})`,
    handedOver: (name: string) => `${name} teaches this lesson instead of you`,
    lesson: 'Lesson',
    homework: 'Homework',
    live: 'Live class',
    online: 'Online',
    colon: ': ',
    comma: ', ',
  },
  zh: {
    calendar: (name: string, school: string) => `${name} · ${school}`,
    exam: '考试',
    due: '截止',
    cancelled: '已取消',
    classOf: '班级',
    teacher: '教师',
    periods: '节次',
    movedFrom: '调课自',
    substituteFor: (name: string) => `（代 ${name} 上课）`,
    handedOver: (name: string) => `本节课由 ${name} 代课`,
    lesson: '课程',
    homework: '作业',
    live: '直播课',
    online: '线上',
    colon: '：',
    comma: '，',
  },
} satisfies Record<Lang, unknown>;

// Seconds between a row's making and its last change: rises with every change, so calendars take
// the new copy (SEQUENCE).
const sequenceOf = (item: WeekItem) =>
  Math.max(0, Math.floor((item.updated.getTime() - item.created.getTime()) / 1000));

function lessonEvent(item: WeekItem, uid: string, lang: Lang, zone: string): IcsEvent {
  const w = WORDS[lang];
  const cancelled = item.status === LessonStatus.Cancelled || item.handedOver;
  const lines: string[] = [];
  if (item.teamName) lines.push(`${w.classOf}${w.colon}${item.teamName}`);
  if (item.teacherName) {
    const sub =
      item.originalTeacherName && !item.handedOver && item.status === LessonStatus.Substituted
        ? w.substituteFor(item.originalTeacherName)
        : '';
    lines.push(`${w.teacher}${w.colon}${item.teacherName}${sub}`);
  }
  if (item.handedOver && item.teacherName) lines.push(w.handedOver(item.teacherName));
  if (item.periodFrom !== null) {
    const to = item.periodTo !== null && item.periodTo !== item.periodFrom ? `–${item.periodTo}` : '';
    lines.push(`${w.periods}${w.colon}${item.periodFrom}${to}`);
  }
  if (item.movedFrom) {
    const from = Date.parse(item.movedFrom.startsAt);
    const when = Number.isNaN(from) ? item.movedFrom.day : localTime(new Date(from), zone);
    lines.push(`${w.movedFrom} ${when}${item.movedFrom.venueName ? `${w.comma}${item.movedFrom.venueName}` : ''}`);
  }
  if (item.status === LessonStatus.Cancelled) lines.push(w.cancelled);
  return {
    uid,
    start: new Date(item.startsAt),
    end: new Date(item.endsAt),
    summary: cancelled ? `${w.cancelled}${w.colon}${item.title}` : item.title,
    description: lines.join('\n'),
    location: item.venueName,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    sequence: sequenceOf(item),
    lastModified: item.updated,
    categories: [w.lesson],
  };
}

// A live class: joined from Lyceum (the feed carries no meeting address), with its classes and teachers.
function liveEvent(item: WeekItem, uid: string, lang: Lang): IcsEvent {
  const w = WORDS[lang];
  const lines: string[] = [];
  if (item.teamName) lines.push(`${w.classOf}${w.colon}${item.teamName}`);
  if (item.teacherName) lines.push(`${w.teacher}${w.colon}${item.teacherName}`);
  return {
    uid,
    start: new Date(item.startsAt),
    end: new Date(item.endsAt),
    summary: `${w.live}${w.colon}${item.title}`,
    description: lines.join('\n'),
    location: w.online,
    status: 'CONFIRMED',
    sequence: sequenceOf(item),
    lastModified: item.updated,
    categories: [w.live],
  };
}

function eventOf(item: WeekItem, domain: string, lang: Lang, zone: string): IcsEvent {
  const uid = `${item.kind === 'homework' ? 'task' : item.kind}-${item.id}@${domain}`;
  if (item.kind === 'lesson') return lessonEvent(item, uid, lang, zone);
  if (item.kind === 'liveClass') return liveEvent(item, uid, lang);
  const w = WORDS[lang];
  const homework = item.kind === 'homework';
  return {
    uid,
    start: new Date(item.startsAt),
    // Homework is the moment it is due.
    end: homework ? null : new Date(item.endsAt),
    summary: `${homework ? w.due : w.exam}${w.colon}${item.title}`,
    location: item.venueName,
    status: 'CONFIRMED',
    sequence: sequenceOf(item),
    lastModified: item.updated,
    categories: [homework ? w.homework : w.exam],
  };
}

export async function feedText(db: DbOrTx, owner: FeedOwner, lang: Lang, now: Date): Promise<string> {
  const { timeZone } = await weekSettings(db, owner.orgId);
  const today = localDay(now, timeZone);
  const range = weekRange(addDays(today, -DAYS_BEFORE), addDays(today, DAYS_AFTER), timeZone);
  const items = await weekItems(db, owner.orgId, { kind: 'person', id: owner.userId }, range);
  return writeIcs({
    name: WORDS[lang].calendar(owner.realName, owner.school),
    timeZone,
    stamp: now,
    refreshMinutes: REFRESH_MINUTES,
    events: items.map((item) => eventOf(item, owner.domain, lang, timeZone)),
  });
}
