import { type Attempt, type Exam, type PermissionNode, RoleKind, ScoreChangeKind } from '@lyceum/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts } from '../src/modules/exam/attempt.table';
import { fileLinks } from '../src/modules/file/file.table';
import { fileFieldsByEntity } from '../src/modules/file/file-access';
import { scoreChanges } from '../src/modules/marking/marking.table';
import { setClock } from '../src/platform/clock';
import { choice, createQuestions, ExamDays, logins, makeClasses, publishedPaper, userIds } from './exam-fixture';
import { ajax, createTestApp, makeSheet, ok, PASSWORD, refused, type TestApp } from './harness';

// Holes a probe of the exam-phase modules found (issue 27), each proved closed where it was open:
// a record linking a file its author cannot open, the monitor's actions on a confirmed exam, and
// teachers reaching beyond their classes through exams, homework and class lists.

let t: TestApp;
let admin: string;
let academic: string;
let teacher: string;
let tokens: Record<string, string>;
let ids: Record<string, number>;
const GRADE = 2098;
const MINE = ['s2026001', 's2026002'];
const OTHERS = ['s2026003', 's2026004'];
const LOOSE = 's2026005';
let teamIds: number[];

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
async function upload(token: string, purpose = 'image'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/file/upload?purpose=${purpose}`,
    headers: { token, 'content-type': 'image/png', 'x-file-name': 'secret.png', ...ajax },
    payload: PNG,
  });
  return (res.json() as { response: { url: string } }).response.url;
}
const readable = async (url: string, token: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { token } });
  return res.statusCode === 200 && !String(res.headers['content-type']).includes('json');
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, academic, teacher] = await Promise.all([
    t.login('demo', 'admin'),
    t.login('demo', 'academic'),
    t.login('demo', 'teacher'),
  ]);
  tokens = await logins(t, [...MINE, ...OTHERS, LOOSE]);
  ids = await userIds(t, [...MINE, ...OTHERS, LOOSE, 'teacher', 'student']);
  // The teacher leads "Reach A"; "Reach B" is led by nobody; LOOSE is in no class.
  teamIds = await makeClasses(t, academic, GRADE, [
    { name: 'Reach A', members: MINE.map((s) => ids[s]), classTeacherId: ids.teacher },
    { name: 'Reach B', members: OTHERS.map((s) => ids[s]), classTeacherId: null },
  ]);
});
afterEach(() => setClock(null));
afterAll(() => t.close());

describe('linking a file into a record', () => {
  let editor: string;
  let secret: string;
  let secretId: number;
  let staffOnly: string;

  beforeAll(async () => {
    // A file only students and document managers read: on a document for students.
    secret = await upload(admin);
    secretId = Number(secret.split('/').at(-1));
    ok(
      await t.call('POST', '/api/document/create', {
        token: admin,
        body: { title: 'Pupils', fileUrl: secret, audience: 3 },
      }),
    );
    // A file students may not read: on a document for staff.
    staffOnly = await upload(admin);
    ok(
      await t.call('POST', '/api/document/create', {
        token: admin,
        body: { title: 'Staff', fileUrl: staffOnly, audience: 2 },
      }),
    );
    // An office member who may write every record with file fields, but not manage documents.
    const tree = ok(await t.call<PermissionNode[]>('GET', '/api/role/permissionTree', { token: admin }));
    const codes = new Map<string, number>();
    const walk = (nodes: PermissionNode[]) => {
      for (const n of nodes) {
        if (n.permission) codes.set(n.permission, n.id);
        walk(n.children);
      }
    };
    walk(tree);
    const role = ok(
      await t.call<{ id: number }>('POST', '/api/role/create', {
        token: admin,
        body: { name: 'Editor', kind: RoleKind.AcademicStaff },
      }),
    );
    const grant = [
      'question:create',
      'message:create',
      'message:all',
      'resource:create',
      'document:create',
      'user:page',
      'user:update',
      'student:page',
      'courseLearning:page',
      'course:create',
      'knowledge:page',
      'knowledge:create',
      'attendance:page',
      'attendance:all',
      'product:page',
      'product:create',
      'training:page',
      'certificate:template',
    ];
    ok(
      await t.call('POST', '/api/role/grant', {
        token: admin,
        body: { roleId: role.id, permissionIds: grant.map((p) => codes.get(p)!) },
      }),
    );
    ok(
      await t.call('POST', '/api/user/create', {
        token: admin,
        body: { userName: 'editor', realName: 'Ed Itor', password: PASSWORD, roleIds: [role.id] },
      }),
    );
    editor = await t.login('demo', 'editor');
    expect(await readable(secret, editor)).toBe(false);
    expect(await readable(staffOnly, tokens[MINE[0]])).toBe(false);
  });

  it('refuses every file field of every resource naming a file the author cannot open', async () => {
    const [category] = ok(
      await t.call<{ id: number }[]>('POST', '/api/courseCategory/list', { token: admin, body: {} }),
    );
    const [tag] = ok(await t.call<{ id: number }[]>('POST', '/api/tag/list', { token: admin, body: {} }));
    const img = `<p>See <img src="${secret}" alt="x" /></p>`;
    const single = choice('Pick', ['a', 'b'], 'A');
    const student = ok(
      await t.call<Record<string, unknown>>('POST', `/api/user/select/${ids[LOOSE]}`, { token: admin }),
    );
    const userUpdate = {
      id: student.id,
      userName: student.userName,
      realName: student.realName,
      roleIds: student.roleIds,
      status: student.status,
    };
    // One call per declared file field; each must be refused naming that field.
    const cases: Record<string, Record<string, [string, unknown]>> = {
      user: { avatar: ['/api/user/update', { ...userUpdate, avatar: secret }] },
      document: { fileUrl: ['/api/document/create', { title: 'Mine now', fileUrl: secret, audience: 2 }] },
      resource: {
        url: [
          '/api/resource/create',
          { title: 'Video', kind: 1, url: secret, categoryId: category.id, tagIds: [tag.id] },
        ],
      },
      question: {
        stem: ['/api/question/create', { ...single, stem: img }],
        options: [
          '/api/question/create',
          {
            ...single,
            options: [
              { label: 'A', content: img },
              { label: 'B', content: 'b' },
            ],
          },
        ],
        analysis: ['/api/question/create', { ...single, analysis: img }],
        answer: [
          '/api/question/create',
          { type: 5, stem: 'Explain.', answer: { reference: img, keywords: [] }, score: 2 },
        ],
        children: ['/api/question/create', { type: 6, stem: 'Read.', score: 2, children: [{ ...single, stem: img }] }],
      },
      course: {
        coverUrl: ['/api/course/create', { code: 'LOOK-1', title: 'Look', coverUrl: secret }],
        description: ['/api/course/create', { code: 'LOOK-2', title: 'Look', description: img }],
      },
      knowledge: { body: ['/api/knowledge/create', { title: 'Look', body: img }] },
      // A leave request's documents are uploads of the asker's own (attendance, issue 31).
      leave: {
        fileIds: [
          '/api/leave/create',
          {
            studentId: ids[MINE[0]!],
            fromAt: '2031-01-06T08:00:00Z',
            toAt: '2031-01-06T17:00:00Z',
            reason: 'Look',
            fileIds: [secretId],
          },
        ],
      },
      // A product's pictures (the points shop, issue 33).
      product: { imageUrls: ['/api/product/create', { name: 'Look', pointsPrice: 1, stock: 1, imageUrls: [secret] }] },
      // A certificate template's logo and seal (issue 34).
      certificateTemplate: {
        logoUrls: ['/api/certificateTemplate/create', { name: 'Look', heading: 'Look', logoUrls: [secret] }],
        sealUrls: ['/api/certificateTemplate/create', { name: 'Look', heading: 'Look', sealUrls: [secret] }],
      },
      message: {
        body: ['/api/message/create', { title: 'Look', body: img, targetType: 1 }],
        attachments: [
          '/api/message/create',
          { title: 'Look', body: '<p>x</p>', targetType: 1, attachments: [{ name: 'a.png', url: secret }] },
        ],
      },
    };
    // A new resource with a file field must be added here.
    const declared = [...fileFieldsByEntity()].map(([e, fields]) => `${e}: ${[...fields].sort().join(', ')}`).sort();
    const covered = Object.entries(cases)
      .map(([e, fields]) => `${e}: ${Object.keys(fields).sort().join(', ')}`)
      .sort();
    expect(covered).toEqual(declared);
    for (const [entity, fields] of Object.entries(cases)) {
      for (const [field, [url, body]] of Object.entries(fields)) {
        const res = await t.call('POST', url, { token: editor, body });
        expect(res.error, `${entity}.${field}: ${res.message}`).toMatchObject({ key: 'fileNotReadable', field });
      }
    }
    // Nothing was linked, and the file is as closed as before.
    const links = await t.database.db
      .select({ entity: fileLinks.entity })
      .from(fileLinks)
      .where(and(eq(fileLinks.organizationId, t.ids.demo.orgId), eq(fileLinks.fileId, secretId)));
    expect(links.map((l) => l.entity)).toEqual(['document']);
    expect(await readable(secret, editor)).toBe(false);
    // One's own upload links as before.
    const own = await upload(editor);
    ok(
      await t.call('POST', '/api/document/create', {
        token: editor,
        body: { title: 'Own', fileUrl: own, audience: 2 },
      }),
    );
  });

  it("a student's avatar cannot be a staff document (the probe's case); their own picture can", async () => {
    const me = tokens[MINE[0]];
    const res = await t.call('POST', '/api/user/updateProfile', {
      token: me,
      body: { realName: 'Sam Student', avatar: staffOnly },
    });
    refused(res, 'fileNotReadable', 'avatar');
    expect(await readable(staffOnly, me)).toBe(false);
    const picture = await upload(me, 'avatar');
    ok(
      await t.call('POST', '/api/user/updateProfile', {
        token: me,
        body: { realName: 'Sam Student', avatar: picture },
      }),
    );
    // Staff still see it (avatars follow their owner and staff); another student does not.
    expect(await readable(picture, teacher)).toBe(true);
    expect(await readable(picture, tokens[MINE[1]])).toBe(false);
  });

  it('keeps a file a record referred to before, even one the editor could not link anew', async () => {
    // The office links the secret into a message; an editor of that message who cannot open the
    // file may still save the message with it in place.
    const m = ok(
      await t.call<{ id: number }>('POST', '/api/message/create', {
        token: admin,
        body: { title: 'Kept', body: `<p><img src="${secret}" alt="" /></p>`, targetType: 1 },
      }),
    );
    const found = await t.database.db.execute(
      sql`select count(*)::int as n from file_links where entity = 'message' and entity_id = ${m.id} and file_id = ${secretId}`,
    );
    expect((found as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});

describe('the monitor on a confirmed exam', () => {
  const days = new ExamDays('2034-03-06T08:00:00Z');
  let paperId: number;
  let qid: number;
  const examFor = async (students: string[]) =>
    days.publish(t, academic, {
      name: 'Monitor',
      paperId,
      studentIds: students.map((s) => ids[s]),
      invigilatorIds: [ids.teacher],
    });
  async function sit(who: string, examId: number, answer: string): Promise<number> {
    const a = ok(await t.call<Attempt>('POST', '/api/exam/attempt/start', { token: tokens[who], body: { examId } }));
    ok(
      await t.call('POST', '/api/exam/attempt/save', {
        token: tokens[who],
        body: { attemptId: a.id, items: [{ questionId: qid, answer, revision: 1 }] },
      }),
    );
    ok(await t.call('POST', '/api/exam/attempt/submit', { token: tokens[who], body: { attemptId: a.id } }));
    return a.id;
  }
  const attempt = async (id: number) =>
    (
      await t.database.db
        .select()
        .from(examAttempts)
        .where(and(eq(examAttempts.organizationId, t.ids.demo.orgId), eq(examAttempts.id, id)))
    )[0]!;

  beforeAll(async () => {
    [qid] = await createQuestions(t, academic, [choice('1 + 1?', ['2', '3'], 'A', 2)]);
    paperId = await publishedPaper(t, academic, {
      name: 'Monitor paper',
      sections: [{ title: 'All', items: [{ questionId: qid, score: 2 }] }],
    });
  });

  it("refuses every action that changes a candidate's paper once the scores are confirmed", async () => {
    const exam = await examFor(MINE);
    setClock(days.at(5));
    const right = await sit(MINE[0], exam.id, 'A');
    await t.app.jobs.runUntilIdle();
    setClock(days.at(200));
    ok(await t.call('POST', '/api/examScore/confirm', { token: academic, body: { examId: exam.id } }));
    const user = ids[MINE[0]];
    // Every mutating route of the monitor, with a body that works on an exam still open.
    const actions: Record<string, object> = {
      '/api/examLog/addTime': { examId: exam.id, userIds: [user], minutes: 5 },
      '/api/examLog/collect': { examId: exam.id, userIds: [ids[MINE[1]]] },
      '/api/examLog/markAbnormal': { examId: exam.id, userId: user, reason: 'phone on the desk' },
      '/api/examLog/reopen': { examId: exam.id, userId: user, minutes: 30 },
      '/api/examLog/review': { examId: exam.id, userId: user, decision: 2, note: 'seen copying' },
      // A notice changes no paper or score: it stays allowed.
      '/api/examLog/notice': { examId: exam.id, userIds: [user], text: 'Results are out.' },
    };
    const monitorWrites = t.app.routeCatalog
      .filter((r) => r.url.startsWith('/api/examLog/') && r.mutates)
      .map((r) => r.url)
      .sort();
    expect(Object.keys(actions).sort()).toEqual(monitorWrites);
    for (const [url, body] of Object.entries(actions)) {
      const res = await t.call('POST', url, { token: teacher, body });
      if (url.endsWith('/notice')) ok(res);
      else refused(res, 'scoresConfirmed');
    }
    // The confirmed result is as it was: status, score, marks.
    const row = await attempt(right);
    expect(row).toMatchObject({ score: 2, reviewDecision: null });
    expect(row.markedAt).not.toBeNull();
  });

  it('audits the scores a reopening removes, and marks the paper handed in again', async () => {
    const exam = await examFor(OTHERS);
    setClock(days.at(5));
    const wrong = await sit(OTHERS[0], exam.id, 'B');
    await t.app.jobs.runUntilIdle();
    expect((await attempt(wrong)).score).toBe(0);
    setClock(days.at(10));
    ok(
      await t.call('POST', '/api/examLog/markAbnormal', {
        token: teacher,
        body: { examId: exam.id, userId: ids[OTHERS[0]], reason: 'power cut' },
      }),
    );
    ok(
      await t.call('POST', '/api/examLog/reopen', {
        token: teacher,
        body: { examId: exam.id, userId: ids[OTHERS[0]], minutes: 30 },
      }),
    );
    const audited = await t.database.db
      .select()
      .from(scoreChanges)
      .where(and(eq(scoreChanges.organizationId, t.ids.demo.orgId), eq(scoreChanges.attemptId, wrong)));
    expect(audited).toMatchObject([
      { kind: ScoreChangeKind.Reopened, questionId: qid, fromScore: 0, toScore: null, userId: ids.teacher },
    ]);
    // The score history shows it.
    const history = ok(
      await t.call<{ list: { kind: number }[] }>('POST', '/api/answer/history', {
        token: academic,
        body: { examId: exam.id, pageNum: 1, pageSize: 10 },
      }),
    );
    expect(history.list.map((r) => r.kind)).toContain(ScoreChangeKind.Reopened);
    // Handed in again with the right answer: marked again.
    ok(
      await t.call('POST', '/api/exam/attempt/save', {
        token: tokens[OTHERS[0]],
        body: { attemptId: wrong, items: [{ questionId: qid, answer: 'A', revision: 2 }] },
      }),
    );
    ok(await t.call('POST', '/api/exam/attempt/submit', { token: tokens[OTHERS[0]], body: { attemptId: wrong } }));
    await t.app.jobs.runUntilIdle();
    const again = await attempt(wrong);
    expect(again.score).toBe(2);
    expect(again.markedAt).not.toBeNull();
  });
});

describe('a teacher reaches their own classes and those classes’ students', () => {
  const days = new ExamDays('2034-04-03T08:00:00Z');
  let examPaperId: number;
  let homeworkPaperId: number;

  beforeAll(async () => {
    const [q] = await createQuestions(t, academic, [choice('3 + 3?', ['6', '7'], 'A', 2)]);
    examPaperId = await publishedPaper(t, academic, {
      name: 'Reach exam',
      sections: [{ title: 'All', items: [{ questionId: q, score: 2 }] }],
    });
    homeworkPaperId = await publishedPaper(t, academic, {
      name: 'Reach homework',
      paperType: 6,
      sections: [{ title: 'All', items: [{ questionId: q, score: 2 }] }],
    });
  });

  const exam = (over: Record<string, unknown>) =>
    t.call<Exam>('POST', '/api/exam/create', {
      token: teacher,
      body: {
        name: 'URGENT: school closed tomorrow',
        paperId: examPaperId,
        windowStart: days.iso(0),
        windowEnd: days.iso(120),
        durationMinutes: 60,
        ...over,
      },
    });
  const task = (over: Record<string, unknown>) =>
    t.call('POST', '/api/task/create', {
      token: teacher,
      body: {
        name: 'Reach homework',
        taskType: 1,
        paperId: homeworkPaperId,
        startTime: days.iso(0),
        dueTime: days.iso(24 * 60),
        ...over,
      },
    });

  it('schedules exams only for them', async () => {
    refused(await exam({ teamIds: [teamIds[0], teamIds[1]] }), 'notYourClass', 'teamIds.1');
    refused(await exam({ gradeYears: [GRADE] }), 'wideAudienceNotAllowed', 'gradeYears');
    const [dept] = ok(await t.call<{ id: number }[]>('POST', '/api/department/list', { token: admin, body: {} }));
    refused(await exam({ departmentIds: [dept.id] }), 'wideAudienceNotAllowed', 'departmentIds');
    refused(await exam({ studentIds: [ids[MINE[0]], ids[OTHERS[0]]] }), 'notYourClass', 'studentIds.1');
    // Open registration with no target is every student of the school.
    refused(
      await exam({
        registrationMode: 2,
        registrationStart: days.iso(-600),
        registrationEnd: days.iso(-60),
      }),
      'wideAudienceNotAllowed',
      'teamIds',
    );
    // Their own class and its students are fine; academic staff (exam:all) reach anyone.
    ok(await exam({ teamIds: [teamIds[0]], studentIds: [ids[MINE[1]]] }));
    ok(
      await t.call('POST', '/api/exam/create', {
        token: academic,
        body: {
          name: 'Whole grade',
          paperId: examPaperId,
          windowStart: days.iso(0),
          windowEnd: days.iso(120),
          durationMinutes: 60,
          gradeYears: [GRADE],
        },
      }),
    );
  });

  it('sets homework only for them', async () => {
    refused(await task({ rangeType: 1, gradeYears: [GRADE] }), 'wideAudienceNotAllowed', 'rangeType');
    refused(await task({ rangeType: 2, teamIds: [teamIds[1]] }), 'notYourClass', 'teamIds.0');
    refused(await task({ rangeType: 3, studentIds: [ids[OTHERS[1]]] }), 'notYourClass', 'studentIds.0');
    ok(await task({ rangeType: 2, teamIds: [teamIds[0]] }));
    ok(await task({ rangeType: 3, studentIds: [ids[MINE[0]]] }));
  });

  it('adds to their class only students who are in no class; moving students is the office’s', async () => {
    const mine = ok(
      await t.call<Record<string, unknown> & { members: { userId: number }[] }>(
        'POST',
        `/api/team/select/${teamIds[0]}`,
        { token: teacher },
      ),
    );
    const save = (members: number[]) =>
      t.call('POST', '/api/team/update', {
        token: teacher,
        body: { ...mine, members: members.map((userId) => ({ userId })) },
      });
    const kept = mine.members.map((m) => m.userId);
    refused(await save([...kept, ids[OTHERS[0]]]), 'inAnotherClass', `members.${kept.length}.userId`);
    ok(await save([...kept, ids[LOOSE]]));
    // Their own members stay, and removing one is theirs to do.
    ok(await save([kept[0], ids[LOOSE]]));
    // The member import says the same, row by row.
    const sheet = await makeSheet([['User name'], [OTHERS[1]], [MINE[1]]]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/team/importMembers/${teamIds[0]}?dryRun=true`,
      headers: {
        token: teacher,
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ...ajax,
      },
      payload: sheet,
    });
    const report = res.json() as { response: { errors: { row: number; field: string; message: string }[] } };
    expect(report.response.errors.map((e) => [e.row, e.field])).toEqual([[2, 'userName']]);
    expect(report.response.errors[0]?.message).toMatch(/Reach B/);
    // Academic staff move students between classes.
    ok(
      await t.call('POST', '/api/team/update', {
        token: academic,
        body: { ...mine, members: [...kept, ids[OTHERS[0]]].map((userId) => ({ userId })) },
      }),
    );
  });
});

describe('figures on a candidate’s paper', () => {
  it('are read by the candidate once the paper is theirs, not the key’s figures, not by others', async () => {
    const days = new ExamDays('2034-05-08T08:00:00Z');
    const figure = await upload(academic);
    const keyFigure = await upload(academic);
    const [qid] = await createQuestions(t, academic, [
      {
        ...choice('Which graph?', ['a', 'b'], 'A', 2),
        stem: `<p>Which graph? <img src="${figure}" alt="graph" /></p>`,
        analysis: `<p>See <img src="${keyFigure}" alt="key" /></p>`,
      },
    ]);
    const paperId = await publishedPaper(t, academic, {
      name: 'Figures',
      sections: [{ title: 'All', items: [{ questionId: qid, score: 2 }] }],
    });
    const exam = await days.publish(t, academic, { name: 'Figures', paperId, studentIds: [ids[MINE[0]]] });
    const me = tokens[MINE[0]];
    // Before the paper is theirs (the question bank is staff's), nothing.
    expect(await readable(figure, me)).toBe(false);
    setClock(days.at(5));
    ok(await t.call('POST', '/api/exam/attempt/start', { token: me, body: { examId: exam.id } }));
    expect(await readable(figure, me)).toBe(true);
    // The analysis is not on the paper: its figure stays closed, as does everything for another student.
    expect(await readable(keyFigure, me)).toBe(false);
    expect(await readable(figure, tokens[MINE[1]])).toBe(false);
    expect(await readable(figure, teacher)).toBe(true);
  });
});
