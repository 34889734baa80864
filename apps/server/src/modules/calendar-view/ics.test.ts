import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsTime, writeIcs } from './ics';

describe('iCalendar writer', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'数学课'.repeat(20)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    for (const part of folded.slice(1)) expect(part.startsWith(' ')).toBe(true);
    // Unfolding (drop CRLF + one space) gives the line back, so no character was cut.
    expect(foldLine(line).replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('writes UTC times', () => {
    expect(icsTime(new Date('2026-03-02T00:05:09.123Z'))).toBe('20260302T000509Z');
  });

  it('reads back with ical.js: events, statuses, sequences, text with commas, a point in time', () => {
    const stamp = new Date('2026-03-01T00:00:00Z');
    const text = writeIcs({
      name: 'Lyceum · Sam Student',
      timeZone: 'Asia/Shanghai',
      stamp,
      refreshMinutes: 60,
      events: [
        {
          uid: 'lesson-7@demo',
          start: new Date('2026-03-02T00:00:00Z'),
          end: new Date('2026-03-02T00:45:00Z'),
          summary: 'Maths; algebra, part 1',
          description: `Moved from 2026-03-01 08:00\n${'很长的说明'.repeat(30)}`,
          location: 'Room 101',
          status: 'CONFIRMED',
          sequence: 3,
          lastModified: stamp,
        },
        {
          uid: 'homework-9@demo',
          start: new Date('2026-03-03T10:00:00Z'),
          end: null,
          summary: 'Homework due',
          status: 'CANCELLED',
          sequence: 0,
          lastModified: stamp,
        },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((l) => Buffer.byteLength(l, 'utf8') <= 75)).toBe(true);
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('Lyceum · Sam Student');
    expect(cal.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Shanghai');
    const [lesson, homework] = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(lesson.uid).toBe('lesson-7@demo');
    expect(lesson.summary).toBe('Maths; algebra, part 1');
    expect(lesson.description).toBe(`Moved from 2026-03-01 08:00\n${'很长的说明'.repeat(30)}`);
    expect(lesson.location).toBe('Room 101');
    expect(lesson.sequence).toBe(3);
    expect(lesson.startDate.toJSDate().toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(lesson.endDate.toJSDate().toISOString()).toBe('2026-03-02T00:45:00.000Z');
    expect(lesson.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(homework.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(homework.component.hasProperty('dtend')).toBe(false);
    expect(homework.startDate.toJSDate().toISOString()).toBe('2026-03-03T10:00:00.000Z');
  });
});
