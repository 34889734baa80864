import { z } from 'zod';
import { resourceActions } from '../actions';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { ApplicationStatus } from '../enums/academic';
import { zIdParam } from '../fields';
import {
  AdmissionRoundStatus,
  zAdmissionRound,
  zAdmissionRoundCreate,
  zAdmissionRoundFilter,
  zAdmissionRoundUpdate,
  zApplicantMessage,
  zApplicantMessageInput,
  zApplication,
  zApplicationDecide,
  zApplicationDetail,
  zApplicationDocument,
  zApplicationFilter,
  zApplicationMatches,
  zApplyRoundRequest,
  zApplyRounds,
  zApplySave,
  zApplySaved,
  zApplyStatus,
  zApplySubmit,
  zApplyTrack,
  zApplyUploadQuery,
  zDecided,
  zDecisionNote,
  zEnrolInput,
  zEnrolled,
  zInterviewInput,
  zRequestDocument,
  zStaffNote,
} from './admission';

// Admissions' endpoints (issue 34). The public ones name the organisation by `domain` in the body
// (no session), are throttled per address, and reach an application only by its tracking code
// (another organisation's code is "not found"). Staff read with application:page and act with the
// button of each step.

const tags = ['application'];
const READ = ['application:page'] as const;
const REVIEW = ['application:review'] as const;
const { Submitted, UnderReview, Interview, Accepted, Waitlisted } = ApplicationStatus;

export const admissionRoundDecl = engineDecl({
  name: 'admissionRound',
  title: 'Admission round',
  tags,
  schemas: {
    row: zAdmissionRound,
    create: zAdmissionRoundCreate,
    update: zAdmissionRoundUpdate,
    filter: zAdmissionRoundFilter,
  },
  access: { read: READ, create: ['application:round'], update: ['application:round'], remove: ['application:round'] },
  sheets: 'none',
});
export const admissionRoundVerbs = engineEndpoints(admissionRoundDecl);
export const admissionRoundActions = resourceActions('admissionRound', zAdmissionRound, {
  open: {
    summary: 'Open a round: its form is on the public page between its opening and closing times',
    access: ['application:round'],
    from: [AdmissionRoundStatus.Draft, AdmissionRoundStatus.Closed],
    to: AdmissionRoundStatus.Open,
  },
  close: {
    summary: 'Close a round: no new drafts or submissions (those submitted stay to be decided)',
    access: ['application:round'],
    from: [AdmissionRoundStatus.Open],
    to: AdmissionRoundStatus.Closed,
  },
});

export const applicationDecl = engineDecl({
  name: 'application',
  title: 'Application',
  tags,
  schemas: { row: zApplication, create: z.object({}), update: z.object({}), filter: zApplicationFilter },
  access: { readOnly: true, read: READ, export: ['application:export'] },
  sheets: 'export',
});
export const applicationVerbs = engineEndpoints(applicationDecl);

// Each step appends to the application's history; the applicant sees the new status on their page.
export const applicationActions = resourceActions('application', zApplication, {
  startReview: {
    summary: 'Start reviewing a submitted application',
    access: REVIEW,
    from: [Submitted],
    to: UnderReview,
    input: zDecisionNote,
  },
  interview: {
    summary: 'Invite to an interview at a time (the applicant sees it on their status page)',
    access: REVIEW,
    from: [Submitted, UnderReview, Interview],
    to: Interview,
    input: zInterviewInput,
  },
  accept: {
    summary: 'Accept (refused when the round’s quota is taken)',
    access: REVIEW,
    from: [Submitted, UnderReview, Interview, Waitlisted],
    to: Accepted,
    input: zDecisionNote,
  },
  waitlist: {
    summary: 'Put on the waiting list',
    access: REVIEW,
    from: [Submitted, UnderReview, Interview],
    to: Waitlisted,
    input: zDecisionNote,
  },
  reject: {
    summary: 'Reject',
    access: REVIEW,
    from: [Submitted, UnderReview, Interview, Waitlisted],
    to: ApplicationStatus.Rejected,
    input: zDecisionNote,
  },
  declineOffer: {
    summary: 'Record that an accepted applicant declined the place',
    access: REVIEW,
    from: [Accepted],
    to: ApplicationStatus.Declined,
    input: zDecisionNote,
  },
  withdraw: {
    summary: 'Record that the applicant withdrew',
    access: REVIEW,
    from: [Submitted, UnderReview, Interview, Waitlisted, Accepted],
    to: ApplicationStatus.Withdrawn,
    input: zDecisionNote,
  },
});

export const applicationPublicEndpoints = {
  round: endpoint({
    method: 'POST',
    path: '/api/application/round',
    summary: 'The open admission rounds of an organisation and their forms (public)',
    description: 'An unknown domain gives code 500 with a message. Throttled per address.',
    tags,
    access: 'public',
    body: zApplyRoundRequest,
    response: zApplyRounds,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/application/save',
    summary: 'Save an application as a draft (public); answers the tracking code to resume it with',
    description:
      'Without a tracking code a new draft is made (the same requestKey sent again answers the same draft); with one, ' +
      'that draft is updated while it is still a draft. The round must be open. Throttled per address.',
    tags,
    access: 'public',
    mutates: true,
    body: zApplySave,
    response: zApplySaved,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/application/submit',
    summary: 'Submit an application (public, idempotent): a draft by its tracking code, or a form with a requestKey',
    description:
      'Parallel or repeated submits of one application answer the same result and record one submission. ' +
      'Checked: the round open, the required fields and the round’s required extra fields (501 naming the field). ' +
      'Possible duplicates (ID number, name and birth date, guardian phone) are flagged for the staff, not refused.',
    tags,
    access: 'public',
    mutates: true,
    body: zApplySubmit,
    response: zApplySaved,
  }),
  track: endpoint({
    method: 'POST',
    path: '/api/application/track',
    summary: 'An application by its tracking code (public): status, messages, documents, and the draft to resume',
    description: 'An unknown code, or one of another organisation, is “not found”. Throttled per address.',
    tags,
    access: 'public',
    body: zApplyTrack,
    response: zApplyStatus,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/application/upload',
    summary: 'Upload a document to an application (public; the body is the file, its name in x-file-name)',
    description:
      'PDF, JPEG or PNG (read from the bytes), at most 10 MB, at most 10 per application; while a draft, or a kind ' +
      'the staff asked for again. Throttled per address.',
    tags,
    access: 'public',
    mutates: true,
    query: zApplyUploadQuery,
    response: zApplicationDocument,
  }),
};

export const applicationEndpoints = {
  detail: endpoint({
    method: 'POST',
    path: '/api/application/detail/:id',
    summary: 'One application with its history, documents, messages and round',
    tags,
    access: READ,
    params: zIdParam,
    response: zApplicationDetail,
  }),
  matches: endpoint({
    method: 'POST',
    path: '/api/application/matches/:id',
    summary: 'Applicants and students this applicant may be (ID number, name and birth date, guardian phone)',
    tags,
    access: READ,
    params: zIdParam,
    response: zApplicationMatches,
  }),
  decide: endpoint({
    method: 'POST',
    path: '/api/application/decide',
    summary: 'Decide several applications at once (review, interview, accept, waitlist or reject)',
    description:
      'All or nothing: an id not found or not in a state the decision starts from is refused naming it (ids.N), ' +
      'and nothing is changed; accepting past the round’s quota likewise.',
    tags,
    access: REVIEW,
    mutates: true,
    body: zApplicationDecide,
    response: zDecided,
  }),
  note: endpoint({
    method: 'POST',
    path: '/api/application/note/:id',
    summary: 'Set the staff note of an application (never shown to the applicant)',
    tags,
    access: REVIEW,
    mutates: true,
    params: zIdParam,
    body: zStaffNote,
    response: zApplication,
  }),
  requestDocument: endpoint({
    method: 'POST',
    path: '/api/application/requestDocument/:id',
    summary: 'Ask the applicant to upload a document (again); they see it with a message on their status page',
    tags,
    access: REVIEW,
    mutates: true,
    params: zIdParam,
    body: zRequestDocument,
    response: zApplicationDocument,
  }),
  message: endpoint({
    method: 'POST',
    path: '/api/application/message/:id',
    summary: 'Send the applicant a message, shown on their status page',
    tags,
    access: ['application:message'],
    mutates: true,
    params: zIdParam,
    body: zApplicantMessageInput,
    response: zApplicantMessage,
  }),
  enrol: endpoint({
    method: 'POST',
    path: '/api/application/enrol/:id',
    summary: 'Enrol an accepted applicant: the student account (made or linked), the class, the student record',
    description:
      'Once only, also under parallel calls (the application is held). A new account takes the user name given or ' +
      'the student number, and a password answered once; linkUserId links an existing student account instead. ' +
      'Guardians are matched by phone with those the school has. The applicant’s timeline becomes the student’s.',
    tags,
    access: ['application:enrol'],
    mutates: true,
    params: zIdParam,
    body: zEnrolInput,
    response: zEnrolled,
  }),
};
