import { ResultCode } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClasses, userIds } from './exam-fixture';
import { ok, refused } from './harness';
import { extraLesson, type LessonOut, type TimetableWorld, timetableWorld } from './timetable-fixture';

// The clash engine under a race (issue 31), on PostgreSQL and PGlite: twenty offices book one room
// for one hour at once, each for its own class, and exactly one gets it; the others are refused on
// the room, naming the lesson that took it. Back-to-back lessons are no clash.

let w: TimetableWorld;
let teachers: number[];
let classes: number[];
beforeAll(async () => {
  w = await timetableWorld();
  // Every member of staff who may teach (thirteen), taken in turn: the room is the first thing refused.
  const staff = await userIds(w.t, [
    'admin',
    'academic',
    'teacher',
    'wang.fang',
    'li.wei',
    'zhang.min',
    'liu.yang',
    'chen.jing',
    'emma.clark',
    'david.nguyen',
    'sofia.rossi',
    'omar.haddad',
    'zhao.lei',
  ]);
  teachers = Object.values(staff);
  classes = await makeClasses(
    w.t,
    w.admin,
    2031,
    Array.from({ length: 20 }, (_, i) => ({ name: `Race ${i}`, members: [] })),
  );
});
afterAll(() => w.t.close());

const create = (over: Record<string, unknown> & { day: string }) =>
  w.t.call<LessonOut>('POST', '/api/lesson/create', { token: w.admin, body: extraLesson(w, over) });

describe('one room, twenty bookings at once', () => {
  it('gives the room to exactly one and names that lesson to the others', async () => {
    const replies = await Promise.all(
      classes.map((teamId, i) =>
        create({
          day: '2031-10-06',
          startTime: '09:00',
          endTime: '10:00',
          title: `Talk ${i}`,
          teacherId: teachers[i % teachers.length],
          teamId,
          venueId: w.venues[1],
        }),
      ),
    );
    const won = replies.filter((r) => r.code === ResultCode.Success);
    expect(won).toHaveLength(1);
    const winner = won[0]!.response;
    for (const r of replies.filter((x) => x.code !== ResultCode.Success)) {
      refused(r, 'clashesWithLesson', 'venueId');
      expect(r.message).toContain(`${winner.title} · ${winner.teamName}`);
    }
    const booked = ok(
      await w.t.call<{ total: number }>('POST', '/api/lesson/page', {
        token: w.admin,
        body: { venueId: w.venues[1], from: '2031-10-06', to: '2031-10-06' },
      }),
    );
    expect(booked.total).toBe(1);
  });

  it('accepts back-to-back lessons and refuses a teacher twice', async () => {
    ok(await create({ day: '2031-10-07', startTime: '09:00', endTime: '09:45' }));
    ok(await create({ day: '2031-10-07', startTime: '09:45', endTime: '10:30' }));
    refused(
      await create({ day: '2031-10-07', startTime: '10:00', endTime: '10:15', teamId: classes[0], venueId: null }),
      'clashesWithLesson',
      'teacherId',
    );
  });
});
