import { z } from 'zod';
import { resourceActions } from '../actions';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { ExamState } from '../enums/exam-status';
import { zIdParam } from '../fields';
import { zPage } from '../paging';
import {
  zCalendar,
  zCalendarRequest,
  zCancelExamRequest,
  zExam,
  zExamConflict,
  zExamCreate,
  zExamFilter,
  zExamUpdate,
  zExtendExamRequest,
  zPublishExamRequest,
} from './exam';
import {
  zAccommodation,
  zAccommodationRow,
  zAdmissionTicket,
  zApproveRequest,
  zApproveResult,
  zAssignSeatsResult,
  zCandidate,
  zCandidateOverride,
  zCandidatePageRequest,
  zMyExams,
  zRegisterResult,
  zRegistrableExams,
  zRegistrationExam,
  zRegistrationExamPageRequest,
  zTicketRequest,
} from './exam-people';

const tags = ['exam'];
const EXAM_READERS = ['exam:page', 'examSchedule:page', 'examRegister:page'] as const;

// Exams' calls beyond the resource verbs and actions (publish, cancel, extend).
export const examEndpoints = {
  conflicts: endpoint({
    method: 'POST',
    path: '/api/exam/conflicts/:id',
    summary: 'The conflicts publishing this exam would meet (venue, invigilators, candidates, seats)',
    tags,
    access: EXAM_READERS,
    params: zIdParam,
    response: z.array(zExamConflict),
  }),
  calendar: endpoint({
    method: 'POST',
    path: '/api/exam/calendar',
    summary: 'Exams whose window meets a period, by venue or class, each with its conflicts',
    tags,
    access: ['exam:page', 'examSchedule:page'],
    body: zCalendarRequest,
    response: zCalendar,
  }),
  candidates: endpoint({
    method: 'POST',
    path: '/api/exam/candidates/:id',
    summary: 'The candidates of an exam (assigned, or registered with their approval), paged',
    tags,
    access: EXAM_READERS,
    params: zIdParam,
    body: zCandidatePageRequest,
    response: zPage(zCandidate),
  }),
  override: endpoint({
    method: 'POST',
    path: '/api/exam/override/:id',
    summary: "Set one candidate's accommodation for this exam only (null values: the student's own)",
    tags,
    access: ['exam:update'],
    mutates: true,
    params: zIdParam,
    body: zCandidateOverride,
    response: zCandidate,
  }),
  my: endpoint({
    method: 'POST',
    path: '/api/exam/my',
    summary: "The calling student's exams: upcoming, open now and finished, with their accommodations",
    tags,
    access: 'student',
    response: zMyExams,
  }),
  registrable: endpoint({
    method: 'POST',
    path: '/api/exam/registrable',
    summary: 'Exams the calling student may register for now, or has registered for',
    tags,
    access: 'student',
    response: zRegistrableExams,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/exam/register/:id',
    summary: 'Register for an exam (within its registration window, while places are left)',
    tags,
    access: 'student',
    mutates: true,
    params: zIdParam,
    response: zRegisterResult,
  }),
  unregister: endpoint({
    method: 'POST',
    path: '/api/exam/unregister/:id',
    summary: 'Cancel a registration (within the registration window)',
    tags,
    access: 'student',
    mutates: true,
    params: zIdParam,
    response: zRegisterResult,
  }),
  myTicket: endpoint({
    method: 'POST',
    path: '/api/exam/myTicket/:id',
    summary: "The calling student's admission ticket for an exam they are an approved candidate of",
    tags,
    access: 'student',
    params: zIdParam,
    response: zAdmissionTicket,
  }),
};

// The registration office: exams taking registrations, approvals, seats, tickets.
export const examRegisterEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/api/examRegister/page',
    summary: 'Exams with open registration and their counts (approved, pending, rejected)',
    tags: ['examRegister'],
    access: ['examRegister:page'],
    body: zRegistrationExamPageRequest,
    response: zPage(zRegistrationExam),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/examRegister/approve/:id',
    summary: 'Approve or reject registrations in bulk (approvals beyond the capacity are refused)',
    tags: ['examRegister'],
    access: ['examRegister:approve'],
    mutates: true,
    params: zIdParam,
    body: zApproveRequest,
    response: zApproveResult,
  }),
  assignSeats: endpoint({
    method: 'POST',
    path: '/api/examRegister/assignSeats/:id',
    summary: 'Number the approved candidates’ seats 1..n by class and user name (the venue’s seats at most)',
    tags: ['examRegister'],
    access: ['examRegister:approve'],
    mutates: true,
    params: zIdParam,
    response: zAssignSeatsResult,
  }),
  tickets: endpoint({
    method: 'POST',
    path: '/api/examRegister/tickets/:id',
    summary: 'Admission tickets of approved candidates (all, or those named), for printing',
    tags: ['examRegister'],
    access: ['examRegister:page', 'exam:page'],
    params: zIdParam,
    body: zTicketRequest,
    response: z.array(zAdmissionTicket),
  }),
};

// A student's accommodations (a profile the exams apply).
export const accommodationEndpoints = {
  get: endpoint({
    method: 'POST',
    path: '/api/user/accommodation/get/:id',
    summary: "A student's accommodations (null when none is set)",
    tags: ['user'],
    access: ['student:page'],
    params: zIdParam,
    response: zAccommodationRow.nullable(),
  }),
  set: endpoint({
    method: 'POST',
    path: '/api/user/accommodation/:id',
    summary: "Set a student's accommodations: extra-time factor and extra minutes in every timed exam",
    tags: ['user'],
    access: ['student:accommodation'],
    mutates: true,
    params: zIdParam,
    body: zAccommodation,
    response: zAccommodationRow,
  }),
};

// An exam's state changes; the server's exam resource runs them.
export const examActions = resourceActions('exam', zExam, {
  publish: {
    summary: 'Publish an exam: its candidates are resolved and its conflicts checked',
    access: ['exam:publish'],
    field: 'state',
    from: [ExamState.Draft],
    to: ExamState.Published,
    input: zPublishExamRequest,
  },
  cancel: {
    summary: 'Cancel an exam that has not ended (its candidates keep their rows; nobody can enter)',
    access: ['exam:publish'],
    field: 'state',
    from: [ExamState.Draft, ExamState.Published],
    to: ExamState.Cancelled,
    input: zCancelExamRequest,
  },
  extend: {
    summary: "Move the end of a published exam's window later; every candidate's deadline follows",
    access: ['exam:publish'],
    field: 'state',
    from: [ExamState.Published],
    input: zExtendExamRequest,
  },
});

// The exam resource: the engine's verbs, declared from the same object the server's resource is.
export const examDecl = engineDecl({
  name: 'exam',
  title: 'Exam',
  schemas: { row: zExam, create: zExamCreate, update: zExamUpdate, filter: zExamFilter },
  access: {
    read: ['exam:page', 'examSchedule:page', 'examRegister:page'],
    create: ['exam:create'],
    update: ['exam:update'],
    remove: ['exam:delete'],
    export: ['exam:export'],
  },
  sheets: 'export',
});
export const examVerbs = engineEndpoints(examDecl);
