import { menuCatalogue, permissionCodes, ResultCode, RoleKind } from '@lyceum/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredResources } from '../src/platform/resource';
import type { RouteInfo } from '../src/platform/route';
import { publishedPaper, userIds } from './exam-fixture';
import { createTestApp, type TestApp } from './harness';
import { admissionTemplates } from './matrix-admission';
import { attendanceOwnedByStudent, attendanceTemplates } from './matrix-attendance';
import { attendanceStatsTemplates } from './matrix-attendance-stats';
import { calendarTemplates } from './matrix-calendar';
import { certificateOwnedByStudent, certificateTemplates } from './matrix-certificate';
import { courseOrderOwnedByStudent, courseOrderTemplates } from './matrix-course-order';
import { graduationTemplates } from './matrix-graduation';
import { liveTemplates } from './matrix-live';
import { paymentOwnedByStudent, paymentTemplates } from './matrix-payment';
import { pointTemplates } from './matrix-points';
import { recordsTemplates } from './matrix-records';
import { shopOwnedByStudent, shopTemplates } from './matrix-shop';
import { teachingTemplates } from './matrix-teaching';
import { trainingOwnedByStudent, trainingTemplates } from './matrix-training';
import { tuitionOwnedByStudent, tuitionTemplates } from './matrix-tuition';
import type { DemoIds, Req, Template } from './matrix-types';
import { resourceNames, resourceSamples, samplesWithRefs } from './resources';
import { snapshotOrganization } from './snapshot';

// Walks every declared route: without a session (401), as a student (403 on staff routes), as the
// administrator of another organisation with ids copied from `demo` (nothing read, nothing changed),
// and with bad input (501 naming the field, nothing written).

const paperSample = (questionId?: number) => ({
  name: 'Matrix paper',
  sections: [{ title: 'Part I', items: questionId ? [{ questionId, score: 2 }] : [] }],
});
const questionSample = {
  type: 1,
  stem: '<p>Which is prime? (matrix)</p>',
  options: ['A', 'B', 'C'].map((label) => ({ label, content: `Option ${label}` })),
  answer: 'B',
  score: 2,
};
const teamSample = (d: DemoIds) => ({
  name: 'Matrix class',
  gradeYear: 2025,
  classTeacherId: d.userId,
  members: [{ userId: d.studentId, joinDate: '2025-09-01' }],
});

const templates: Record<string, Template> = {
  'GET /api/user/menu': () => ({}),
  'GET /api/user/current': () => ({}),
  'GET /api/dashboard/summary': () => ({}),
  'POST /api/dashboard/student': () => ({}),
  'POST /api/dashboard/work': () => ({ body: { dayStart: '2031-01-01T00:00:00Z', dayEnd: '2031-01-02T00:00:00Z' } }),
  'POST /api/user/change': (d) => ({ body: { roleId: d.roleId } }),
  'POST /api/user/updateProfile': () => ({ body: { realName: 'Someone', phone: '13800000000' } }),
  'POST /api/user/changePassword': () => ({ body: { oldPassword: 'not-the-password', newPassword: 'another-pass-1' } }),
  'POST /api/user/page': (d) => ({ body: { pageIndex: 1, pageSize: 10, roleId: d.roleId, userName: 'teacher' } }),
  'POST /api/user/list': (d) => ({ body: { roleId: d.roleId, realName: 'Tom' } }),
  'POST /api/user/create': (d) => ({
    body: {
      userName: 'intruder',
      realName: 'Intruder',
      password: 'Intruder-Lantern-2026',
      roleIds: [d.roleId],
      departmentId: d.deptId,
    },
  }),
  'POST /api/user/update': (d) => ({
    body: { id: d.userId, userName: 'teacher', realName: 'Hacked', roleIds: [d.roleId] },
  }),
  'POST /api/user/select/:id': (d) => ({ params: { id: d.userId } }),
  'POST /api/user/delete/:id': (d) => ({ params: { id: d.userId } }),
  'POST /api/user/delete/ids': (d) => ({ body: { ids: [d.userId, d.adminId] } }),
  'POST /api/user/changeStatus/:id': (d) => ({ params: { id: d.userId }, body: { status: 2 } }),
  'POST /api/user/resetPassword/:id': (d) => ({ params: { id: d.userId }, body: { password: 'hacked-pass-1' } }),
  'POST /api/user/teacher/page': (d) => ({ body: { pageIndex: 1, pageSize: 10, roleId: d.roleId } }),
  'POST /api/user/categoryStudentPage': (d) => ({ body: { pageIndex: 1, pageSize: 10, userCategoryId: d.categoryId } }),
  'POST /api/user/studentList': (d) => ({ body: { userCategoryId: d.categoryId, keyword: 's2026' } }),
  'POST /api/user/taskStudentList/:id': (d) => ({ params: { id: d.rows.task }, body: { pageIndex: 1, pageSize: 10 } }),
  'POST /api/user/select/organizationId': (d) => ({ body: { organizationId: d.orgId } }),
  'POST /api/user/selectByUserName': () => ({ body: { userName: 'Alice' } }),
  'POST /api/user/selectByTeacherName': () => ({ body: { teacherName: 'Tom' } }),
  'POST /api/user/selectByUserName/classTeacher': () => ({ body: { userName: 'wang' } }),
  'POST /api/user/getUserByIdList': (d) => ({ body: { ids: [d.userId, d.adminId] } }),
  'POST /api/user/select/role': (d) => ({ body: { roleId: d.roleId } }),
  'POST /api/user/roleListByOrganizationId/:id': (d) => ({ params: { id: d.orgId } }),
  'POST /api/user/findByUserName': () => ({ body: { userName: 'wang.fang' } }),
  'POST /api/role/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'e' } }),
  'POST /api/role/list': () => ({ body: { kind: 3 } }),
  'POST /api/role/create': () => ({ body: { name: 'Invigilator', kind: 3 } }),
  'POST /api/role/update': (d) => ({ body: { id: d.roleId, name: 'Hacked', kind: 3 } }),
  'POST /api/role/select/:id': (d) => ({ params: { id: d.roleId } }),
  'POST /api/role/delete/:id': (d) => ({ params: { id: d.roleId } }),
  'POST /api/role/delete/ids': (d) => ({ body: { ids: [d.roleId] } }),
  'GET /api/role/permissionTree': () => ({}),
  'POST /api/role/grant': (d) => ({ body: { roleId: d.roleId, permissionIds: [] } }),
  'POST /api/role/assign': (d) => ({ body: { roleId: d.roleId, userIds: [d.userId], mode: 'remove' } }),
};
function resourceTemplates(name: string): Record<string, Template> {
  const base = `/api/${name}`;
  const sample = resourceSamples[name];
  return {
    [`POST ${base}/page`]: () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
    [`POST ${base}/list`]: () => ({ body: { keyword: 'e' } }),
    [`POST ${base}/create`]: (d) => ({ body: sample(d.refs), own: !samplesWithRefs.has(name) }),
    [`POST ${base}/update`]: (d) => ({ body: { id: d.rows[name], ...sample(d.refs) } }),
    [`POST ${base}/select/:id`]: (d) => ({ params: { id: d.rows[name] } }),
    [`POST ${base}/delete/:id`]: (d) => ({ params: { id: d.rows[name] } }),
    [`POST ${base}/delete/ids`]: (d) => ({ body: { ids: [d.rows[name]] } }),
    [`POST ${base}/tree`]: () => ({ body: {} }),
    [`POST ${base}/export`]: () => ({ body: {} }),
    // Starts an export in the caller's own organisation (nothing of demo is touched).
    [`POST ${base}/exportAsync`]: () => ({ body: {}, own: true }),
    [`GET ${base}/template`]: () => ({}),
    [`POST ${base}/import`]: () => ({ body: {} }),
  };
}
Object.assign(templates, ...resourceNames.map(resourceTemplates), {
  'GET /api/common/list': () => ({}),
  'GET /api/common/tag/tree': () => ({}),
  'GET /api/common/userCategoryList': () => ({}),
  'POST /api/systemConfig/get': () => ({}),
  'POST /api/systemConfig/save': () => ({ body: { name: 'Renamed', themeColor: '#123456' }, own: true }),
  'POST /api/systemConfig/mail': () => ({}),
  // The caller's own organisation's settings (e-mail off, so the test e-mail is refused).
  'POST /api/systemConfig/saveMail': () => ({ body: { enabled: false }, own: true }),
  'POST /api/systemConfig/testMail': () => ({ body: { to: 'matrix@example.edu' }, own: true }),
  'POST /api/user/export': () => ({ body: { roleId: 1 } }),
  'POST /api/user/exportAsync': () => ({ body: { roleId: 1 }, own: true }),
  'POST /api/question/exportAsync': () => ({ body: { keyword: 'prime' }, own: true }),
  'POST /api/export/page': () => ({ body: { pageIndex: 1, pageSize: 10 } }),
  'POST /api/export/select/:id': (d: DemoIds) => ({ params: { id: d.exportId } }),
  'GET /api/export/download/:id': (d: DemoIds) => ({ params: { id: d.exportId } }),
  'POST /api/export/delete/:id': (d: DemoIds) => ({ params: { id: d.exportId } }),
  'GET /api/user/template': () => ({}),
  'POST /api/user/import': () => ({ body: {} }),
  'POST /api/question/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'prime' } }),
  'POST /api/question/list': () => ({ body: { type: 1 } }),
  'POST /api/question/create': () => ({ body: questionSample, own: true }),
  'POST /api/question/update': (d: DemoIds) => ({ body: { ...questionSample, id: d.questionId } }),
  'POST /api/question/select/:id': (d: DemoIds) => ({ params: { id: d.questionId } }),
  'POST /api/question/delete/:id': (d: DemoIds) => ({ params: { id: d.questionId } }),
  'POST /api/question/delete/ids': (d: DemoIds) => ({ body: { ids: [d.questionId] } }),
  'POST /api/question/copy/:id': (d: DemoIds) => ({ params: { id: d.questionId } }),
  'POST /api/question/versions/:id': (d: DemoIds) => ({ params: { id: d.questionId } }),
  'POST /api/question/bulkTag': (d: DemoIds) => ({ body: { ids: [d.questionId], tagIds: [d.refs.tagId] } }),
  'POST /api/question/tryAnswer': () => ({ body: { question: questionSample, answer: 'B' } }),
  'GET /api/question/template': () => ({}),
  'POST /api/question/export': () => ({ body: { keyword: 'prime' } }),
  'POST /api/question/exportAs': () => ({ body: { keyword: 'prime', format: 'gift' } }),
  'POST /api/question/import': () => ({ body: {} }),
  'POST /api/question/importAiken': () => ({ body: { text: 'Q?\nA. x\nB. y\nANSWER: A', score: 1 }, own: true }),
  'POST /api/file/upload': () => ({ body: {}, query: { purpose: 'avatar' }, own: true }),
  'GET /api/file/:id': (d: DemoIds) => ({ params: { id: d.fileId } }),
  'POST /api/log/page': (d: DemoIds) => ({ body: { pageIndex: 1, pageSize: 10, userId: d.adminId } }),
  'POST /api/loginLog/page': () => ({ body: { pageIndex: 1, pageSize: 10, user: 'admin' } }),
  'POST /api/log/export': () => ({ body: { user: 'admin' } }),
  'POST /api/loginLog/export': () => ({ body: { user: 'admin' } }),
  'POST /api/examPaper/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a', mine: true } }),
  'POST /api/examPaper/list': () => ({ body: { status: 1 } }),
  'POST /api/examPaper/create': () => ({ body: paperSample(), own: true }),
  'POST /api/examPaper/update': (d: DemoIds) => ({ body: { id: d.rows.examPaper, ...paperSample(d.questionId) } }),
  'POST /api/examPaper/select/:id': (d: DemoIds) => ({ params: { id: d.rows.examPaper } }),
  'POST /api/examPaper/content/:id': (d: DemoIds) => ({ params: { id: d.rows.examPaper } }),
  'POST /api/examPaper/word/:id': (d: DemoIds) => ({ params: { id: d.rows.examPaper }, body: { withKey: true } }),
  'POST /api/examPaper/delete/:id': (d: DemoIds) => ({ params: { id: d.rows.examPaper } }),
  'POST /api/examPaper/delete/ids': (d: DemoIds) => ({ body: { ids: [d.rows.examPaper] } }),
  'POST /api/examPaper/export': () => ({ body: { status: 1 } }),
  'POST /api/examPaper/exportAsync': () => ({ body: { status: 1 }, own: true }),
  'GET /api/examPaper/template': () => ({}),
  'POST /api/examPaper/import': () => ({ body: {} }),
  'GET /api/examPaper/export/:id': (d: DemoIds) => ({ params: { id: d.rows.examPaper } }),
  'POST /api/examPaper/copy/:id': (d: DemoIds) => ({ params: { id: d.rows.examPaper } }),
  'POST /api/team/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'Matrix', gradeYear: 2025 } }),
  'POST /api/team/list': () => ({ body: { gradeYear: 2025 } }),
  'POST /api/team/create': (d: DemoIds) => ({ body: teamSample(d) }),
  'POST /api/team/update': (d: DemoIds) => ({ body: { id: d.rows.team, ...teamSample(d), name: 'Hacked class' } }),
  'POST /api/team/select/:id': (d: DemoIds) => ({ params: { id: d.rows.team } }),
  'POST /api/team/delete/:id': (d: DemoIds) => ({ params: { id: d.rows.team } }),
  'POST /api/team/delete/ids': (d: DemoIds) => ({ body: { ids: [d.rows.team] } }),
  'POST /api/team/export': () => ({ body: { gradeYear: 2025 } }),
  'POST /api/team/exportAsync': () => ({ body: { gradeYear: 2025 }, own: true }),
  'POST /api/team/members/:id': (d: DemoIds) => ({ params: { id: d.rows.team }, body: { keyword: 'Sam' } }),
  'POST /api/team/mine': () => ({}),
  'GET /api/team/memberTemplate': () => ({}),
  'POST /api/team/importMembers/:id': (d: DemoIds) => ({ params: { id: d.rows.team }, body: {} }),
  'POST /api/user/accommodation/get/:id': (d: DemoIds) => ({ params: { id: d.studentId } }),
  'POST /api/user/accommodation/:id': (d: DemoIds) => ({
    params: { id: d.studentId },
    body: { extraTimeFactor: 1.5, extraMinutes: 15, note: 'Matrix' },
  }),
  'POST /api/examPaper/ruleCount': (d: DemoIds) => ({
    body: { questionType: 1, knowledgePointIds: [], paperId: d.rows.examPaper },
  }),
});
const examSample = (d: DemoIds) => ({
  name: 'Matrix exam',
  paperId: d.rows.publishedPaper,
  windowStart: '2031-01-10T08:00:00Z',
  windowEnd: '2031-01-10T10:00:00Z',
  durationMinutes: 90,
});
Object.assign(templates, {
  'POST /api/exam/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/exam/list': () => ({ body: { state: 1 } }),
  'POST /api/exam/create': (d: DemoIds) => ({ body: examSample(d) }),
  'POST /api/exam/update': (d: DemoIds) => ({ body: { id: d.rows.exam, ...examSample(d) } }),
  'POST /api/exam/select/:id': (d: DemoIds) => ({ params: { id: d.rows.exam } }),
  'POST /api/exam/delete/:id': (d: DemoIds) => ({ params: { id: d.rows.exam } }),
  'POST /api/exam/delete/ids': (d: DemoIds) => ({ body: { ids: [d.rows.exam] } }),
  'POST /api/exam/export': () => ({ body: { state: 1 } }),
  'POST /api/exam/exportAsync': () => ({ body: { state: 1 }, own: true }),
  'POST /api/exam/conflicts/:id': (d: DemoIds) => ({ params: { id: d.rows.exam } }),
  'POST /api/exam/calendar': () => ({ body: { from: '2031-01-01T00:00:00Z', to: '2031-02-01T00:00:00Z' } }),
  'POST /api/exam/candidates/:id': (d: DemoIds) => ({
    params: { id: d.rows.exam },
    body: { pageIndex: 1, pageSize: 10 },
  }),
  'POST /api/exam/override/:id': (d: DemoIds) => ({
    params: { id: d.rows.exam },
    body: { userId: d.studentId, extraTimeFactor: 1.5, extraMinutes: 5 },
  }),
  'POST /api/exam/my': () => ({}),
  'POST /api/exam/registrable': () => ({}),
  'POST /api/exam/register/:id': (d: DemoIds) => ({ params: { id: d.rows.exam } }),
  'POST /api/exam/unregister/:id': (d: DemoIds) => ({ params: { id: d.rows.exam } }),
  'POST /api/exam/myTicket/:id': (d: DemoIds) => ({ params: { id: d.rows.exam } }),
  // Exam day: the attempt ids name no attempt of the caller's (not found); the matrix proves who may call.
  'POST /api/exam/attempt/start': (d: DemoIds) => ({ body: { examId: d.rows.exam } }),
  'POST /api/exam/attempt/retake': (d: DemoIds) => ({ body: { examId: d.rows.exam } }),
  'POST /api/exam/attempt/waitingRoom': (d: DemoIds) => ({ body: { examId: d.rows.exam } }),
  'POST /api/exam/attempt/save': () => ({ body: { attemptId: 1, items: [] } }),
  'POST /api/exam/attempt/submit': () => ({ body: { attemptId: 1 } }),
  'POST /api/exam/attempt/events': () => ({ body: { attemptId: 1, events: [{ type: 7, at: 1 }] } }),
  'POST /api/examLog/exams': () => ({ body: { pageIndex: 1, pageSize: 10 } }),
  'POST /api/examLog/page': (d: DemoIds) => ({ body: { examId: d.rows.exam } }),
  'POST /api/examLog/timeline': (d: DemoIds) => ({ body: { examId: d.rows.exam, userId: d.studentId } }),
  'POST /api/examLog/addTime': (d: DemoIds) => ({
    body: { examId: d.rows.exam, userIds: [d.studentId], minutes: 5 },
  }),
  'POST /api/examLog/collect': (d: DemoIds) => ({ body: { examId: d.rows.exam, userIds: [d.studentId] } }),
  'POST /api/examLog/reopen': (d: DemoIds) => ({ body: { examId: d.rows.exam, userId: d.studentId } }),
  'POST /api/examLog/markAbnormal': (d: DemoIds) => ({
    body: { examId: d.rows.exam, userId: d.studentId, reason: 'Hacked' },
  }),
  'POST /api/examLog/notice': (d: DemoIds) => ({ body: { examId: d.rows.exam, userIds: [d.studentId], text: 'Hi' } }),
  'POST /api/examLog/review': (d: DemoIds) => ({
    body: { examId: d.rows.exam, userId: d.studentId, decision: 1, note: 'Hacked' },
  }),
  // Live updates: without Accept: text/event-stream a stream route answers 501 (push.test.ts opens them).
  'GET /api/examLog/stream': (d: DemoIds) => ({ query: { examId: String(d.rows.exam) } }),
  // Marking and scores: the demo exam (ended attempts are the seed's; ids of nothing are refused the same).
  'POST /api/answer/exams': () => ({ body: { pageIndex: 1, pageSize: 10 } }),
  'POST /api/answer/overview': (d: DemoIds) => ({ body: { examId: d.rows.exam } }),
  'POST /api/answer/papers': (d: DemoIds) => ({ body: { examId: d.rows.exam, reveal: true } }),
  'POST /api/answer/queue': (d: DemoIds) => ({ body: { examId: d.rows.exam, questionId: d.questionId } }),
  'POST /api/answer/paper': (d: DemoIds) => ({ body: { examId: d.rows.exam, attemptId: 1, reveal: true } }),
  'POST /api/answer/batch': (d: DemoIds) => ({ body: { examId: d.rows.exam, attemptIds: [1], reveal: true } }),
  'POST /api/answer/mark': (d: DemoIds) => ({
    body: { examId: d.rows.exam, attemptId: 1, questionId: d.questionId, score: 1 },
  }),
  'POST /api/answer/review': (d: DemoIds) => ({
    body: { examId: d.rows.exam, attemptId: 1, questionId: d.questionId, score: 1, reason: 'Checked' },
  }),
  'POST /api/answer/assign': (d: DemoIds) => ({ body: { examId: d.rows.exam, markers: [] } }),
  'POST /api/answer/regrade': (d: DemoIds) => ({
    body: { examId: d.rows.exam, questionId: d.questionId, change: { kind: 'throwOut', mode: 1 }, reason: 'Typo' },
  }),
  'POST /api/answer/history': (d: DemoIds) => ({ body: { examId: d.rows.exam } }),
  'POST /api/answer/queries': (d: DemoIds) => ({ body: { examId: d.rows.exam } }),
  'POST /api/answer/answerQuery': (d: DemoIds) => ({ body: { examId: d.rows.exam, queryId: 1, reply: 'It stands' } }),
  'POST /api/examScore/page': (d: DemoIds) => ({ body: { examId: d.rows.exam } }),
  'POST /api/examScore/export': (d: DemoIds) => ({ body: { examId: d.rows.exam }, own: true }),
  'POST /api/examScore/confirm': (d: DemoIds) => ({ body: { examId: d.rows.exam } }),
  'POST /api/examScore/unconfirm': (d: DemoIds) => ({ body: { examId: d.rows.exam } }),
  'POST /api/examScore/analysis': (d: DemoIds) => ({ body: { examId: d.rows.exam } }),
  'POST /api/examScore/statistics': () => ({ body: {} }),
  'POST /api/examScore/my': (d: DemoIds) => ({ body: { examId: d.rows.exam } }),
  'POST /api/examScore/myQuery': (d: DemoIds) => ({
    body: { examId: d.rows.exam, questionId: d.questionId, text: 'Why?' },
  }),
  'POST /api/gradebook/get': (d: DemoIds) => ({ body: { teamId: d.rows.team, semesterId: d.rows.semester } }),
  'POST /api/gradebook/setup': (d: DemoIds) => ({
    body: {
      teamId: d.rows.team,
      semesterId: d.rows.semester,
      missingAsZero: false,
      categories: [{ name: 'All', weight: 100, kind: 1 }],
      items: [],
    },
  }),
  'POST /api/gradebook/export': (d: DemoIds) => ({ body: { teamId: d.rows.team, semesterId: d.rows.semester } }),
  'GET /api/gradebook/scale': () => ({}),
  // Replaces the caller's own organisation's scale.
  'POST /api/gradebook/scale': () => ({ body: { bands: [{ label: 'Pass', minPercent: 0 }] }, own: true }),
  'POST /api/gradebook/my': (d: DemoIds) => ({ body: { semesterId: d.rows.semester } }),
  'POST /api/examRegister/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/examRegister/approve/:id': (d: DemoIds) => ({
    params: { id: d.rows.exam },
    body: { userIds: [d.studentId], approve: true },
  }),
  'POST /api/examRegister/assignSeats/:id': (d: DemoIds) => ({ params: { id: d.rows.exam } }),
  'POST /api/examRegister/tickets/:id': (d: DemoIds) => ({
    params: { id: d.rows.exam },
    body: { userIds: [d.studentId] },
  }),
});
const taskSample = (d: DemoIds) => ({
  name: 'Matrix homework',
  rangeType: 2,
  teamIds: [d.rows.team],
  paperId: d.rows.homeworkPaper,
  startTime: '2031-01-10T08:00:00Z',
  dueTime: '2031-01-17T08:00:00Z',
});
Object.assign(templates, {
  'POST /api/task/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/task/list': () => ({ body: { status: 0 } }),
  'POST /api/task/create': (d: DemoIds) => ({ body: taskSample(d) }),
  'POST /api/task/update': (d: DemoIds) => ({ body: { id: d.rows.task, ...taskSample(d) } }),
  'POST /api/task/select/:id': (d: DemoIds) => ({ params: { id: d.rows.task } }),
  'POST /api/task/delete/:id': (d: DemoIds) => ({ params: { id: d.rows.task } }),
  'POST /api/task/delete/ids': (d: DemoIds) => ({ body: { ids: [d.rows.task] } }),
  'POST /api/task/export': () => ({ body: { status: 0 } }),
  'POST /api/task/exportAsync': () => ({ body: { status: 0 }, own: true }),
  'POST /api/task/students/export/:id': (d: DemoIds) => ({ params: { id: d.rows.task }, body: {} }),
  'POST /api/task/return': (d: DemoIds) => ({ body: { taskId: d.rows.task, userIds: [d.studentId] } }),
  'POST /api/task/my': () => ({ body: { view: 'all' } }),
  'POST /api/task/redo/:id': (d: DemoIds) => ({ params: { id: d.rows.task } }),
  'POST /api/task/check': (d: DemoIds) => ({ body: { attemptId: 1, questionId: d.questionId } }),
});
const messageSample = (d: DemoIds) => ({ title: 'Matrix notice', targetType: 3, teamIds: [d.rows.team] });
Object.assign(templates, {
  'POST /api/task/remind/:id': (d: DemoIds) => ({ params: { id: d.rows.task } }),
  'POST /api/message/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/message/list': () => ({ body: { status: 0 } }),
  'POST /api/message/create': (d: DemoIds) => ({ body: messageSample(d) }),
  'POST /api/message/update': (d: DemoIds) => ({ body: { id: d.rows.message, ...messageSample(d) } }),
  'POST /api/message/select/:id': (d: DemoIds) => ({ params: { id: d.rows.message } }),
  'POST /api/message/delete/:id': (d: DemoIds) => ({ params: { id: d.rows.message } }),
  'POST /api/message/delete/ids': (d: DemoIds) => ({ body: { ids: [d.rows.message] } }),
  'POST /api/message/export': () => ({ body: { status: 0 } }),
  'POST /api/message/exportAsync': () => ({ body: { status: 0 }, own: true }),
  'POST /api/message/receipts/:id': (d: DemoIds) => ({ params: { id: d.rows.studentMessage }, body: {} }),
  'POST /api/message/receipts/export/:id': (d: DemoIds) => ({ params: { id: d.rows.studentMessage }, body: {} }),
  'POST /api/message/inbox': () => ({ body: { view: 'all' } }),
  'GET /api/message/unread': () => ({}),
  'GET /api/message/stream': () => ({}),
  'GET /api/message/view/:id': (d: DemoIds) => ({ params: { id: d.rows.studentMessage } }),
  'POST /api/message/read/:id': (d: DemoIds) => ({ params: { id: d.rows.studentMessage } }),
  // Marks the caller's own inbox read (another school's administrator has their own).
  'POST /api/message/readAll': () => ({ own: true }),
  'GET /api/message/mailPreferences': () => ({}),
  // The caller's own choice.
  'POST /api/message/saveMailPreferences': () => ({ body: { receive: true }, own: true }),
});
const courseSample = (code: string) => ({
  code,
  title: 'Matrix course',
  chapters: [
    {
      key: 'matrix-ch',
      title: 'One',
      lessons: [{ key: 'matrix-le', title: 'Read', lessonType: 3, body: '<p>Hi</p>', completionRule: 1 }],
    },
  ],
});
Object.assign(templates, {
  'POST /api/course/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/course/list': () => ({ body: { status: 1 } }),
  'POST /api/course/create': () => ({ body: courseSample('MATRIX-2'), own: true }),
  'POST /api/course/update': (d: DemoIds) => ({ body: { id: d.rows.course, ...courseSample('MATRIX-1') } }),
  'POST /api/course/select/:id': (d: DemoIds) => ({ params: { id: d.rows.course } }),
  'POST /api/course/delete/:id': (d: DemoIds) => ({ params: { id: d.rows.course } }),
  'POST /api/course/delete/ids': (d: DemoIds) => ({ body: { ids: [d.rows.course] } }),
  'POST /api/course/export': () => ({ body: { status: 1 } }),
  'POST /api/course/exportAsync': () => ({ body: { status: 1 }, own: true }),
  'POST /api/course/publishPreview/:id': (d: DemoIds) => ({ params: { id: d.rows.course } }),
  'POST /api/course/assignments/:id': (d: DemoIds) => ({ params: { id: d.rows.course } }),
  'POST /api/course/assign': (d: DemoIds) => ({
    body: { courseId: d.rows.course, rangeType: 2, teamIds: [d.rows.team], required: true },
  }),
  'POST /api/course/unassign/:id': (d: DemoIds) => ({ params: { id: d.rows.courseAssignment } }),
  'POST /api/course/learners': (d: DemoIds) => ({ body: { courseId: d.rows.course, pageIndex: 1, pageSize: 10 } }),
  'POST /api/course/learnerLessons': (d: DemoIds) => ({ body: { courseId: d.rows.course, userId: d.studentId } }),
  'POST /api/course/learners/export/:id': (d: DemoIds) => ({ params: { id: d.rows.course }, body: { status: 1 } }),
});
// The student's side of courses (course-learn.test.ts): each call reaches only the caller's own
// enrolments; made-up lesson ids are "not found" for everyone here.
Object.assign(templates, {
  'POST /api/course/my': () => ({ body: { view: 'all' } }),
  'POST /api/course/catalog': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/course/enrol/:id': (d: DemoIds) => ({ params: { id: d.rows.course } }),
  'POST /api/course/learn/:id': (d: DemoIds) => ({ params: { id: d.rows.course } }),
  'POST /api/course/lesson/open': () => ({ body: { lessonId: 987_654_321 } }),
  'POST /api/course/heartbeat': () => ({ body: { lessonId: 987_654_321, nonce: 'matrix-nonce', from: 0, to: 1 } }),
  'POST /api/course/lesson/done': () => ({ body: { lessonId: 987_654_321, done: true } }),
});
// A published article for everyone (no body: the bad-input walk's long strings would fit it).
const knowledgeSample = { title: 'Matrix article', audience: 1, status: 2 };
Object.assign(templates, {
  'POST /api/knowledge/page': () => ({ body: { pageIndex: 1, pageSize: 10, keyword: 'a' } }),
  'POST /api/knowledge/list': () => ({ body: { status: 2 } }),
  'POST /api/knowledge/create': () => ({ body: knowledgeSample, own: true }),
  'POST /api/knowledge/update': (d: DemoIds) => ({ body: { id: d.rows.knowledge, ...knowledgeSample } }),
  'POST /api/knowledge/select/:id': (d: DemoIds) => ({ params: { id: d.rows.knowledge } }),
  'POST /api/knowledge/delete/:id': (d: DemoIds) => ({ params: { id: d.rows.knowledge } }),
  'POST /api/knowledge/delete/ids': (d: DemoIds) => ({ body: { ids: [d.rows.knowledge] } }),
  'POST /api/knowledge/categories': () => ({}),
  'POST /api/knowledge/versions/:id': (d: DemoIds) => ({ params: { id: d.rows.knowledge } }),
  'POST /api/knowledge/read/:id': (d: DemoIds) => ({ params: { id: d.rows.knowledge } }),
  'POST /api/knowledge/receipts/:id': (d: DemoIds) => ({ params: { id: d.rows.knowledge }, body: { view: 'read' } }),
});
// Teaching management, calendars and attendance (issue 31), live classes (issue 32), the points shop
// (issue 33), in their own files.
Object.assign(
  templates,
  teachingTemplates,
  calendarTemplates,
  attendanceTemplates,
  attendanceStatsTemplates,
  liveTemplates,
  pointTemplates,
  shopTemplates,
  courseOrderTemplates,
  tuitionTemplates,
  trainingTemplates,
  paymentTemplates,
  admissionTemplates,
  graduationTemplates,
  recordsTemplates,
  certificateTemplates,
);
// Every action of every declared resource (publish, withdraw, ...) acts on that resource's sample
// row: a new action is in the matrix without an entry here (an area's file may give one with input).
for (const r of declaredResources()) {
  for (const name of Object.keys(r.def.actions ?? {})) {
    templates[`POST /api/${r.def.name}/${name}/:id`] ??= (d) => ({ params: { id: d.rows[r.def.name] }, body: {} });
  }
}
// Actions that take an input get one that passes validation, so the row is what decides.
templates['POST /api/examPaper/swap/:id'] = (d) => ({ params: { id: d.rows.examPaper }, body: { itemId: 1 } });
templates['POST /api/task/extend/:id'] = (d) => ({
  params: { id: d.rows.task },
  body: { dueTime: '2031-01-18T08:00:00Z' },
});
templates['POST /api/exam/extend/:id'] = (d) => ({
  params: { id: d.rows.exam },
  body: { windowEnd: '2031-01-10T11:00:00Z' },
});

// Public routes are covered by the auth tests; they serve anyone by design.
const isPublic = (r: RouteInfo) => r.access === 'public';
const key = (r: RouteInfo) => `${r.method} ${r.url}`;

// What a built-in role of each kind holds by default, from the menu catalogue (as role.service grants it).
function defaultCodes(kind: RoleKind): Set<string> {
  const studentOnly = (grant: readonly RoleKind[]) => grant.length === 1 && grant[0] === RoleKind.Student;
  const holds = (grant: readonly RoleKind[]) =>
    kind === RoleKind.Administrator ? !studentOnly(grant) : grant.includes(kind);
  const out = new Set<string>();
  for (const area of menuCatalogue) {
    for (const page of area.pages) {
      if (holds(page.grant)) out.add(page.permission);
      for (const b of page.buttons ?? []) if (holds(b.grant ?? [])) out.add(b.permission);
    }
  }
  return out;
}

function allowedFor(access: RouteInfo['access'], kind: RoleKind, granted: Set<string>): boolean {
  if (access === 'public' || access === 'login') return true;
  if (access === 'staff') return kind !== RoleKind.Student;
  if (access === 'student') return kind === RoleKind.Student;
  return access.some((p) => granted.has(p));
}

// A call that passes the access check and then fails validation, so it changes nothing.
async function probe(r: RouteInfo, token: string) {
  const method = r.method as 'GET' | 'POST';
  if (r.params) return t.call(method, r.url.replace(':id', 'abc'), { token, body: {} });
  if (r.body) return t.call(method, r.url, { token, body: [] });
  if (r.querystring) {
    const shape = (r.querystring as unknown as { shape: Record<string, unknown> }).shape;
    return t.call(method, r.url, { token, query: Object.fromEntries(Object.keys(shape).map((k) => [k, '\u0001bad'])) });
  }
  return t.call(method, r.url, { token });
}

// Routes open to students whose ids name rows that are not a student's own (the rows are the
// school's, and the route scopes them another way, tested elsewhere).
const notOwned: Record<string, string> = {
  'POST /api/document/select/:id': 'school documents, scoped by audience (file.test.ts)',
  'POST /api/exam/register/:id': "the school's exams; a student changes only their own registration (exam.test.ts)",
  'POST /api/exam/unregister/:id': "the school's exams; a student changes only their own registration (exam.test.ts)",
  'POST /api/exam/myTicket/:id': "the school's exams; the ticket is always the caller's own (exam.test.ts)",
  'POST /api/task/redo/:id': "the school's tasks; a student reopens only their own paper (task.test.ts)",
  'POST /api/course/enrol/:id':
    "the school's courses open for self-enrolment; the enrolment made is the caller's own (course-learn.test.ts)",
  'POST /api/course/learn/:id':
    "the school's courses; only the caller's own enrolment and progress are read (course-learn.test.ts)",
  'POST /api/knowledge/select/:id': 'school articles, scoped by status and audience (knowledge.test.ts)',
  'POST /api/knowledge/read/:id':
    "school articles by audience; the receipt is always the caller's own (knowledge.test.ts)",
  'POST /api/courseOrder/pay/:id':
    "the caller's own orders, but the call needs its provider; another member's order is not found (course-order.test.ts)",
  'POST /api/trainingSession/book/:id':
    "the school's open sessions; the registration made is always the caller's own (training.test.ts)",
  'POST /api/liveClass/join/:id':
    "the school's live classes; a student joins only those of their classes or courses (live-session.test.ts)",
};

// A call whose answer may be a file rather than the envelope (a file counts as success).
async function raw(method: string, url: string, token: string): Promise<{ code: number; message: string }> {
  const res = await t.app.inject({ method: method as 'GET' | 'POST', url, headers: { token } });
  if (!String(res.headers['content-type']).includes('application/json'))
    return { code: ResultCode.Success, message: 'file' };
  return res.json();
}

// Rows student A owns, per route open to students that takes their id.
async function ownedByStudent(token: string): Promise<Record<string, number[]>> {
  const upload = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/file/upload?purpose=avatar',
        headers: { token, 'content-type': 'image/png', 'x-file-name': 'me.png' },
        payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]),
      })
    ).json().response.id as number;
  const loose = await upload();
  const avatar = await upload();
  const profile = await t.call('POST', '/api/user/updateProfile', {
    token,
    body: { realName: 'Sam Student', avatar: `/api/file/${avatar}` },
  });
  expect(profile.code, profile.message).toBe(ResultCode.Success);
  return {
    'GET /api/file/:id': [loose, avatar],
    // Their own leave request (attendance, issue 31).
    ...(await attendanceOwnedByStudent(t, token)),
    // Their own goods orders (the points shop, issue 33).
    ...(await shopOwnedByStudent(t, token)),
    // Their own course order awaiting payment (issue 33, second part).
    ...(await courseOrderOwnedByStudent(t, token)),
    // Their own tuition invoice and receipt (issue 33, second part).
    ...(await tuitionOwnedByStudent(t, token)),
    // Their own training registration (issue 34).
    ...(await trainingOwnedByStudent(t, token)),
    // Their own certificate (issue 34).
    ...(await certificateOwnedByStudent(t, token)),
    // Their own payment awaiting payment (issue 33, second part).
    ...(await paymentOwnedByStudent(t, token)),
    'GET /api/message/view/:id': [d.rows.studentMessage],
    'POST /api/message/read/:id': [d.rows.studentMessage],
  };
}

let t: TestApp;
let d: DemoIds;
let routes: RouteInfo[];

function urlOf(r: RouteInfo, req: Req): string {
  return r.url.replace(/:(\w+)/g, (_, name: string) => String(req.params?.[name] ?? 1));
}

beforeAll(async () => {
  t = await createTestApp();
  const demo = t.ids.demo;
  const people = await userIds(t, ['student', 'teacher', 'admin']);
  const admin = await t.login('demo', 'admin');
  const rows: Record<string, number> = {};
  for (const name of resourceNames) {
    const res = await t.call<{ id: number }[]>('POST', `/api/${name}/list`, { token: admin, body: { limit: 1 } });
    rows[name] = res.response[0].id;
  }
  const firstId = async (name: string, body: object) =>
    (await t.call<{ id: number }[]>('POST', `/api/${name}/list`, { token: admin, body: { ...body, limit: 1 } }))
      .response[0].id;
  const degreeId = await firstId('degree', { keyword: 'Undergraduate' });
  const questionId = (
    await t.call<{ id: number }>('POST', '/api/question/create', { token: admin, body: questionSample })
  ).response.id;
  const studentId = people.student;
  rows.team = (
    await t.call<{ id: number }>('POST', '/api/team/create', {
      token: admin,
      body: {
        name: 'Class 2025-1',
        gradeYear: 2025,
        classTeacherId: people.teacher,
        members: [{ userId: studentId }],
      },
    })
  ).response.id;
  rows.examPaper = (
    await t.call<{ id: number }>('POST', '/api/examPaper/create', { token: admin, body: paperSample(questionId) })
  ).response.id;
  rows.publishedPaper = await publishedPaper(t, admin, paperSample(questionId));
  rows.homeworkPaper = await publishedPaper(t, admin, { ...paperSample(questionId), paperType: 6 });
  d = {
    rows,
    refs: {
      degreeId,
      categoryId: await firstId('category', { degreeId }),
      courseCategoryId: rows.courseCategory,
      tagId: rows.tag,
    },
    fileId: (
      await t.app.inject({
        method: 'POST',
        url: '/api/file/upload?purpose=image',
        headers: { token: admin, 'content-type': 'image/png', 'x-file-name': 'crest.png' },
        payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]),
      })
    ).json().response.id,
    questionId,
    studentId,
    orgId: demo.orgId,
    userId: people.teacher,
    adminId: people.admin,
    roleId: demo.roleIds.teacher,
    deptId: demo.deptIds.cs,
    categoryId: demo.categoryIds.undergraduate,
    exportId: (await t.call<{ exportId: number }>('POST', '/api/degree/exportAsync', { token: admin, body: {} }))
      .response.exportId,
  };
  d.rows.exam = (
    await t.call<{ id: number }>('POST', '/api/exam/create', {
      token: admin,
      body: { ...examSample(d), teamIds: [rows.team] },
    })
  ).response.id;
  d.rows.task = (
    await t.call<{ id: number }>('POST', '/api/task/create', { token: admin, body: taskSample(d) })
  ).response.id;
  // A live class and a server of the demo organisation, for the live templates.
  d.rows.liveClass = (
    await t.call<{ id: number }>('POST', '/api/liveClass/create', {
      token: admin,
      body: {
        title: 'Matrix live class',
        teamIds: [rows.team],
        teacherIds: [people.teacher],
        startsAt: '2031-03-03T10:00:00Z',
        endsAt: '2031-03-03T11:00:00Z',
        providerKind: 2,
        externalUrl: 'https://meet.example.com/matrix',
      },
    })
  ).response.id;
  d.rows.liveProvider = (
    await t.call<{ id: number }>('POST', '/api/liveProvider/create', {
      token: admin,
      body: { name: 'Matrix BBB', url: 'http://127.0.0.1:9/bigbluebutton/', secret: 'matrix-secret' },
    })
  ).response.id;
  d.rows.message = (
    await t.call<{ id: number }>('POST', '/api/message/create', { token: admin, body: messageSample(d) })
  ).response.id;
  // A draft course with one assignment (to the class).
  d.rows.course = (
    await t.call<{ id: number }>('POST', '/api/course/create', { token: admin, body: courseSample('MATRIX-1') })
  ).response.id;
  d.rows.courseAssignment = (
    await t.call<{ id: number }>('POST', '/api/course/assign', {
      token: admin,
      body: { courseId: d.rows.course, rangeType: 2, teamIds: [rows.team] },
    })
  ).response.id;
  // A message to `student` alone, published: their own receipt.
  d.rows.knowledge = (
    await t.call<{ id: number }>('POST', '/api/knowledge/create', { token: admin, body: knowledgeSample })
  ).response.id;
  d.rows.studentMessage = (
    await t.call<{ id: number }>('POST', '/api/message/create', {
      token: admin,
      body: { title: 'For Sam', targetType: 4, userIds: [studentId] },
    })
  ).response.id;
  await t.call('POST', `/api/message/publish/${d.rows.studentMessage}`, { token: admin, body: {} });
  await t.app.jobs.runUntilIdle();
  routes = t.app.routeCatalog.filter((r) => !isPublic(r));
});
afterAll(() => t.close());

describe('every route', () => {
  it('has a request template here (a new route must join the matrix)', () => {
    const missing = routes.map(key).filter((k) => !templates[k]);
    expect(missing).toEqual([]);
  });

  it('names only permissions of the menu catalogue', () => {
    // The type system checks the literals; this catches names built at run time (`${prefix}:page`).
    const named = t.app.routeCatalog.flatMap((r) =>
      typeof r.access === 'string' ? [] : r.access.map((p) => ({ route: key(r), p })),
    );
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter(({ p }) => !permissionCodes.has(p))).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    for (const r of routes) {
      const req = templates[key(r)](d);
      const res = await t.call(r.method as 'GET' | 'POST', urlOf(r, req), { body: req.body });
      expect(res.code, key(r)).toBe(ResultCode.NotLoggedIn);
    }
  });

  it('answers each built-in role as the catalogue and the route declare: allowed or 403', async () => {
    // One user per built-in role kind; each call is made to fail validation after the access check
    // (a bad id, an array body, a bad query value), so allowed calls change nothing.
    for (const [userName, kind] of [
      ['admin', RoleKind.Administrator],
      ['academic', RoleKind.AcademicStaff],
      ['teacher', RoleKind.Teacher],
      ['student', RoleKind.Student],
    ] as const) {
      const token = await t.login('demo', userName);
      const granted = defaultCodes(kind);
      for (const r of routes) {
        const res = await probe(r, token);
        const expected = allowedFor(r.access, kind, granted);
        if (expected) expect(res.code, `${userName} ${key(r)}: ${res.message}`).not.toBe(ResultCode.Forbidden);
        else expect(res.code, `${userName} ${key(r)}`).toBe(ResultCode.Forbidden);
        expect(res.code, `${userName} ${key(r)}`).not.toBe(ResultCode.NotLoggedIn);
      }
    }
  });

  it("never lets student B reach student A's own rows through a route open to students", async () => {
    const tokenA = await t.login('demo', 'student');
    const tokenB = await t.login('demo', 's2026001');
    const owned = await ownedByStudent(tokenA);
    const open = routes.filter(
      (r) => r.params && allowedFor(r.access, RoleKind.Student, defaultCodes(RoleKind.Student)),
    );
    // Every such route says whose rows its ids name; a new one must be added here.
    expect(open.map(key).filter((k) => !(k in owned) && !(k in notOwned))).toEqual([]);
    for (const r of open.filter((x) => key(x) in owned)) {
      for (const id of owned[key(r)]) {
        const url = r.url.replace(':id', String(id));
        const mine = await raw(r.method, url, tokenA);
        expect(mine.code, `A ${url}: ${mine.message}`).toBe(ResultCode.Success);
        const theirs = await raw(r.method, url, tokenB);
        expect(theirs.code, `B ${url}`).not.toBe(ResultCode.Success);
        expect(theirs.message, `B ${url}`).toMatch(/not found/);
      }
    }
  });

  it("lets another organisation's administrator neither read nor change anything of demo", async () => {
    const before = await snapshotOrganization(t.database.db, d.orgId);
    const token = await t.login('north', 'admin');
    const markers = [
      `"organizationId":${d.orgId},`,
      'demo.example.edu',
      'Alice Admin',
      'Tom Teacher',
      '王芳',
      'Demo Academy',
    ];
    for (const r of routes) {
      const req = templates[key(r)](d);
      const res = await t.call(r.method as 'GET' | 'POST', urlOf(r, req), { token, body: req.body });
      const json = JSON.stringify(res);
      for (const m of markers) expect(json.includes(m), `${key(r)} leaked ${m}: ${json.slice(0, 300)}`).toBe(false);
      if (r.mutates && !req.own && r.url !== '/api/user/updateProfile' && r.url !== '/api/role/create') {
        expect(res.code, `${key(r)}: ${res.message}`).not.toBe(ResultCode.Success);
      }
    }
    expect(await snapshotOrganization(t.database.db, d.orgId)).toEqual(before);
  });

  it('rejects bad input with 501 naming the field, and writes nothing', async () => {
    const admin = await t.login('demo', 'admin');
    const student = await t.login('demo', 'student');
    const before = await snapshotOrganization(t.database.db, d.orgId);
    for (const r of routes) {
      // Students' own routes are closed to the administrator before the input is read.
      const token = r.access === 'student' ? student : admin;
      const req = templates[key(r)](d);
      if (r.params) {
        const res = await t.call(r.method as 'GET' | 'POST', r.url.replace(':id', 'abc'), { token, body: req.body });
        expect(res.code, `${key(r)} id=abc`).toBe(ResultCode.InvalidParams);
        expect(res.message, key(r)).toMatch(/^id: /);
        const zero = await t.call(r.method as 'GET' | 'POST', r.url.replace(':id', '0'), { token, body: req.body });
        expect(zero.code, `${key(r)} id=0`).toBe(ResultCode.InvalidParams);
      }
      if (!r.body || !req.body || typeof req.body !== 'object') continue;
      const url = urlOf(r, req);
      const arr = await t.call(r.method as 'GET' | 'POST', url, { token, body: [] });
      expect(arr.code, `${key(r)} []`).toBe(ResultCode.InvalidParams);
      for (const [field, value] of Object.entries(req.body)) {
        const wrongType = await t.call(r.method as 'GET' | 'POST', url, {
          token,
          body: { ...req.body, [field]: { x: 1 } },
        });
        expect(wrongType.code, `${key(r)} ${field} wrong type`).toBe(ResultCode.InvalidParams);
        expect(wrongType.message, `${key(r)} ${field}`).toMatch(new RegExp(`^${field}(\\.|:)`));
        if (typeof value === 'string') {
          const long = await t.call(r.method as 'GET' | 'POST', url, {
            token,
            body: { ...req.body, [field]: 'x'.repeat(100_001) },
          });
          expect(long.code, `${key(r)} ${field} too long`).toBe(ResultCode.InvalidParams);
          expect(long.message).toMatch(new RegExp(`^${field}: `));
        }
      }
    }
    expect(await snapshotOrganization(t.database.db, d.orgId)).toEqual(before);
  });

  it('answers unknown ids with "not found" and changes nothing', async () => {
    const admin = await t.login('demo', 'admin');
    const student = await t.login('demo', 'student');
    const before = await snapshotOrganization(t.database.db, d.orgId);
    for (const r of routes.filter((x) => x.params)) {
      const token = r.access === 'student' ? student : admin;
      const req = templates[key(r)](d);
      const res = await t.call(r.method as 'GET' | 'POST', r.url.replace(':id', '987654'), { token, body: req.body });
      expect(res.code, key(r)).toBe(ResultCode.Error);
      expect(res.message, key(r)).toMatch(/not found/);
    }
    expect(await snapshotOrganization(t.database.db, d.orgId)).toEqual(before);
  });
});
