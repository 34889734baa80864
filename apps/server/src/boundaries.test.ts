import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's module boundaries (issue 28): `platform` imports no module (what it needs from them
// are ports, platform/ports.ts); a module reaches another through its service, not its tables, but
// where a join is the right tool (listed below with its reason); pairs of modules importing each
// other are a ratchet: when a fix removes one, remove its line; never add one.

const src = path.dirname(fileURLToPath(import.meta.url));

interface Import {
  from: string;
  to: string;
}

function imports(): Import[] {
  const out: Import[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        for (const m of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
          out.push({
            from: path.relative(src, file),
            to: path.relative(src, path.resolve(path.dirname(file), m[1]!)),
          });
        }
      }
    }
  };
  walk(src);
  return out;
}

const moduleOf = (file: string) => (file.startsWith('modules/') ? file.split('/')[1]! : null);

// `platform` reaching into modules: none. What it needs of a module is a port (platform/ports.ts)
// filled at start-up by app.ts; the tables it writes (jobs, operation log) and the tenant root are its own.
const PLATFORM_IMPORTS_OF_MODULES: string[] = [];
// Where a module reads another module's table directly instead of calling its service: a join is
// the right tool there (a page of rows with the names beside them in one query, a count across
// attempts), so each table lists the modules allowed to join it and why. Anything else reaches
// another module through its service functions; a new reach fails until it is listed with its reason.
const TABLE_JOINS: Record<string, { by: string[]; why: string }> = {
  'modules/user/user.table': {
    by: [
      'admission',
      'attendance',
      'auth',
      'calendar-view',
      'certificate',
      'course',
      'course-order',
      'exam',
      'export',
      'gradebook',
      'graduation',
      'knowledge',
      'live-class',
      'log',
      'marking',
      'message',
      'payment',
      'points',
      'role',
      'shop',
      'student-record',
      'task',
      'team',
      'timetable',
      'training',
      'tuition',
    ],
    why: 'people’s names and user names beside the rows that name them (candidates, markers, recipients, learners, logs, teachers of lessons, live classes and their participants, goods and course orders’ students, tuition invoices’ students and bursars, payments’ payers and bursars); the students of a graduation batch and its degree awards; training sessions’ trainers and registrations’ people; a student record’s student, guardians’ other children, status changes’ requesters and approvers, a timeline’s actors, and the login a withdrawal disables; an enrolled applicant’s new student account and role, and the actors of an application’s history',
  },
  'modules/role/role.table': {
    by: ['admission', 'auth', 'exam', 'marking', 'message', 'user'],
    why: 'which users hold a student or staff role, inside the query that picks candidates, markers or recipients; the student role a newly enrolled applicant’s account gets',
  },
  'modules/team/team.table': {
    by: [
      'admission',
      'attendance',
      'calendar-view',
      'course',
      'exam',
      'gradebook',
      'graduation',
      'live-class',
      'marking',
      'message',
      'student-record',
      'task',
      'timetable',
      'tuition',
    ],
    why: 'class membership as the target of courses, exams, homework, live classes and messages, and the class column of score lists; a lesson’s class and who hears of its changes; the students of classes or a grade invoiced, and a student’s class beside their invoice; the students of classes added to a graduation batch; a status change that moves a student to another class or ends their memberships, and the records of a class; the class an admission round’s accepted applicants join on enrolment',
  },
  'modules/department/department.table': {
    by: ['admission', 'course', 'exam', 'graduation', 'student-record', 'team', 'user'],
    why: 'departments as a target of courses and exams (with their sub-departments) and the major of a class or user; the department a graduation requirement set is narrowed to; a student record’s department (reference and name); the department an admission round admits to (a reference)',
  },
  'modules/calendar/calendar.table': {
    by: ['admission', 'attendance', 'calendar-view', 'exam', 'gradebook', 'marking', 'team', 'timetable', 'tuition'],
    why: 'the term a class, a gradebook, a statistic, a lesson, a fee structure or an invoice belongs to, and the venue of an exam or a lesson; the term of an admission round (a reference)',
  },
  'modules/catalogue/catalogue.table': {
    by: ['course', 'exam-paper', 'knowledge', 'library', 'marking', 'question', 'shop'],
    why: 'subjects, course categories, product categories and tags (with their subtrees) as references, filters and statistics keys',
  },
  'modules/education/education.table': {
    by: ['admission', 'exam-paper', 'graduation', 'question', 'student-record'],
    why: 'degrees and categories a paper or question is filed under (references and their names); the degree of a graduation requirement set, batch and award; a student record’s degree (reference and name); the degree an admission round admits to (a reference)',
  },
  'modules/exam/exam.table': {
    by: [
      'calendar-view',
      'course',
      'dashboard',
      'gradebook',
      'graduation',
      'marking',
      'message',
      'points',
      'task',
      'team',
    ],
    why: 'the exam row that attempts, marks, homework, quiz lessons and notices hang off (its window, state and rules); whether its scores are confirmed and shown, before a points rule awards for them; the exams a graduation requirement set names (a link set with its foreign key)',
  },
  'modules/exam/attempt.table': {
    by: ['course', 'dashboard', 'gradebook', 'marking', 'points', 'task'],
    why: 'attempts and their scores, counted and aggregated across students in one statement (a quiz lesson’s best, the scores a points rule awards for)',
  },
  'modules/exam-paper/exam-paper.table': {
    by: ['course', 'exam', 'gradebook', 'marking', 'task'],
    why: 'the paper an exam, homework or quiz lesson runs on (its name, type, state, total and pass score)',
  },
  'modules/question/question.table': {
    by: ['exam', 'exam-paper'],
    why: 'the frozen question versions a paper and an attempt read',
  },
  'modules/marking/marking.table': {
    by: ['exam', 'task'],
    why: 'marks read beside the attempt (the monitor’s review, a homework hand-in’s score)',
  },
  'modules/task/task.table': {
    by: ['calendar-view', 'dashboard', 'gradebook', 'message', 'points'],
    why: 'homework rows on the dashboard and in the gradebook, and the task a notice is about, and the tasks passed that a points rule awards for',
  },
  'modules/course/course.table': {
    by: ['course-order', 'graduation', 'live-class', 'message', 'points', 'timetable'],
    why: 'the course a message is about (its title beside the message in the inbox), or a teaching assignment follows; a live lesson’s course, its learners invited to the live class; completed enrolments a points rule awards for; the course an order line buys (its foreign key); the courses a graduation requirement set names (a link set with its foreign key)',
  },
  'modules/payment/payment.table': {
    by: ['course-order', 'tuition'],
    why: 'a course order’s payment attempts and refunds beside the order (its detail, the paid payment a refund goes through, the awaiting ones a cancel closes), read only: changes go through the payment service; an invoice’s payments with their allocations and refunds, and a receipt',
  },
  'modules/file/file.table': {
    by: ['admission', 'attendance', 'exam'],
    why: 'files attached to an attempt (evidence photos, uploads in answers) or a leave request (its documents, their names and sizes), read and written with it; an application’s documents (uploaded on the public form: their names and sizes)',
  },
  'modules/timetable/timetable.table': {
    by: ['attendance', 'calendar-view', 'live-class'],
    why: 'the week views and the calendar feed read lessons with their class, teacher and venue, the period times and the feeds; the live-class list’s days in the organisation’s zone',
  },
  'modules/live-class/live-class.table': {
    by: ['attendance', 'calendar-view'],
    why: 'the live class a roll call is of, and the week views and the calendar feed reading live classes with their classes and teachers',
  },
  'modules/ledger/ledger.table': {
    by: ['payment', 'points'],
    why: 'the points ledger read as people read it (entries with names, balances beside the people, daily sums, the drift check against the balances; the reconciliation’s points per day by what they were for, and its check of balances against entries)',
  },
  'modules/shop/shop.table': {
    by: ['points'],
    why: 'the points rules, declared with the shop’s tables in one migration (issue 33), which the points module serves and runs',
  },
  'modules/attendance/attendance.table': {
    by: ['points'],
    why: 'the sessions and statuses of the current marks a points rule counts streaks of attendance in (one windowed statement)',
  },
  'modules/organization/organization.table': {
    by: ['auth'],
    why: 'API keys, resolved with the session',
  },
  'modules/certificate/certificate.table': {
    by: ['course', 'training'],
    why: 'a training programme names the certificate template its completions print with (a foreign key and the reference the engine checks); so does a course (its foreign key; the course issues through the certificate service on completion)',
  },
};
// Raw SQL naming another module's table where importing it would make a pair of modules import
// each other: each listed with the module, the table and why; the test fails when one has gone.
const RAW_TABLE_READS: { module: string; table: string; why: string }[] = [
  {
    module: 'timetable',
    table: 'attendance_sessions',
    why: 'a lesson with a roll call is held: generating again neither removes nor remakes it (NOT EXISTS)',
  },
  {
    module: 'timetable',
    table: 'leave_request_lessons',
    why: 'a lesson a leave request names is held: generating again neither removes nor remakes it (NOT EXISTS)',
  },
  { module: 'message', table: 'lessons', why: 'the lesson a notice is about (its title in the inbox)' },
  { module: 'message', table: 'leave_requests', why: 'the leave request a notice is about (its reason in the inbox)' },
];
const MUTUAL_PAIRS = [
  'auth <-> organization',
  'auth <-> user',
  'exam <-> exam-paper',
  'exam <-> file',
  'exam <-> marking',
  'exam <-> message',
  'exam <-> task',
  'exam <-> team',
  'exam-paper <-> question',
  'marking <-> task',
  'message <-> task',
  'role <-> user',
];

describe('module boundaries (a ratchet: nothing new)', () => {
  const all = imports();

  it('lets platform import no module', () => {
    const found = all
      .filter((i) => i.from.startsWith('platform/') && i.to.startsWith('modules/'))
      .map((i) => `${i.from} -> ${i.to}`);
    expect([...new Set(found)].sort()).toEqual([...PLATFORM_IMPORTS_OF_MODULES].sort());
  });

  it('reaches into another module’s table only where a join is listed with its reason', () => {
    const reaches = new Set(
      all.flatMap((i) => {
        const [a, b] = [moduleOf(i.from), moduleOf(i.to)];
        return a && b && a !== b && i.to.endsWith('.table') ? [`${a} -> ${i.to}`] : [];
      }),
    );
    const allowed = new Set(
      Object.entries(TABLE_JOINS).flatMap(([table, { by }]) => by.map((m) => `${m} -> ${table}`)),
    );
    expect([...reaches].filter((r) => !allowed.has(r)).sort(), 'unlisted reaches').toEqual([]);
    expect([...allowed].filter((r) => !reaches.has(r)).sort(), 'listed but gone: remove them').toEqual([]);
  });

  it('still makes each raw-SQL read it lists (one gone leaves the list)', () => {
    const text = (module: string) =>
      readdirSync(path.join(src, 'modules', module))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => readFileSync(path.join(src, 'modules', module, f), 'utf8'))
        .join('\n');
    for (const r of RAW_TABLE_READS)
      expect(text(r.module), `${r.module} -> ${r.table}`).toMatch(new RegExp(`\\b${r.table}\\b`));
  });

  it('adds no pair of modules importing each other', () => {
    const pairs = new Set(
      all.flatMap((i) => {
        const [a, b] = [moduleOf(i.from), moduleOf(i.to)];
        return a && b && a !== b ? [`${a}|${b}`] : [];
      }),
    );
    const mutual = [...pairs]
      .map((p) => p.split('|') as [string, string])
      .filter(([a, b]) => a < b && pairs.has(`${b}|${a}`))
      .map(([a, b]) => `${a} <-> ${b}`)
      .sort();
    expect(mutual).toEqual(MUTUAL_PAIRS);
  });
});
