import { z } from 'zod';
import { resourceActions } from '../actions';
import { endpoint } from '../endpoint';
import { crudAccess, engineDecl, engineEndpoints } from '../engine-endpoints';
import { TrainingSessionStatus } from '../enums/academic';
import { zIdParam } from '../fields';
import { fileEndpoint, zLangQuery } from '../file-endpoint';
import {
  zCataloguePage,
  zCatalogueRequest,
  zMyTraining,
  zRegistrationDecline,
  zRegistrationEvent,
  zRegistrationExportRequest,
  zRegistrationNote,
  zSessionRegistrationsRequest,
  zTrainingBook,
  zTrainingBooked,
  zTrainingCentre,
  zTrainingCentreCreate,
  zTrainingCentreFilter,
  zTrainingCentreUpdate,
  zTrainingOutcomes,
  zTrainingOutcomesDone,
  zTrainingProgramme,
  zTrainingProgrammeCreate,
  zTrainingProgrammeFilter,
  zTrainingProgrammeUpdate,
  zTrainingRegistration,
  zTrainingRegistrationPage,
  zTrainingSession,
  zTrainingSessionCreate,
  zTrainingSessionFilter,
  zTrainingSessionUpdate,
} from './training';

// Training's endpoints (issue 34). Centres (trainingCentre:*), programmes (training:programme) and
// sessions (training:session) are engine resources; a session's moves (open, close, finish, cancel)
// are its actions. Bookings: any member books themselves at /api/trainingSession/book/:id (staff
// with training:register book others); registrations are read and moved at
// /api/trainingRegistration/{verb}/:id. Another member's registration is "not found".

const { Draft, Open, Closed, Finished, Cancelled } = TrainingSessionStatus;
const READ = ['training:page'] as const;
const REGISTER = ['training:register'] as const;

export const trainingCentreDecl = engineDecl({
  name: 'trainingCentre',
  title: 'Training centre',
  schemas: {
    row: zTrainingCentre,
    create: zTrainingCentreCreate,
    update: zTrainingCentreUpdate,
    filter: zTrainingCentreFilter,
  },
  // Session editors pick centres and venues: training staff list them too.
  access: { ...crudAccess('trainingCentre'), list: ['trainingCentre:page', 'training:page'] },
  sheets: 'export',
});
export const trainingCentreVerbs = engineEndpoints(trainingCentreDecl);

export const trainingProgrammeDecl = engineDecl({
  name: 'trainingProgramme',
  title: 'Training programme',
  schemas: {
    row: zTrainingProgramme,
    create: zTrainingProgrammeCreate,
    update: zTrainingProgrammeUpdate,
    filter: zTrainingProgrammeFilter,
  },
  access: {
    read: READ,
    create: ['training:programme'],
    update: ['training:programme'],
    remove: ['training:programme'],
    export: ['training:export'],
  },
  sheets: 'export',
});
export const trainingProgrammeVerbs = engineEndpoints(trainingProgrammeDecl);

export const trainingSessionDecl = engineDecl({
  name: 'trainingSession',
  title: 'Training session',
  schemas: {
    row: zTrainingSession,
    create: zTrainingSessionCreate,
    update: zTrainingSessionUpdate,
    filter: zTrainingSessionFilter,
  },
  access: {
    read: READ,
    create: ['training:session'],
    update: ['training:session'],
    remove: ['training:session'],
    export: ['training:export'],
  },
  sheets: 'export',
});
export const trainingSessionVerbs = engineEndpoints(trainingSessionDecl);

const SESSION = ['training:session'] as const;
export const trainingSessionActions = resourceActions('trainingSession', zTrainingSession, {
  open: { summary: 'Open a session for booking', access: SESSION, from: [Draft, Closed], to: Open },
  close: { summary: 'Close bookings (registrations stay)', access: SESSION, from: [Open], to: Closed },
  finish: {
    summary: 'Mark a session finished: its outcomes may be recorded',
    access: SESSION,
    from: [Open, Closed],
    to: Finished,
  },
  cancel: {
    summary: 'Cancel a session: every live registration is cancelled and its person told',
    access: SESSION,
    from: [Draft, Open, Closed],
    to: Cancelled,
    input: zRegistrationNote,
  },
});

export const trainingSessionEndpoints = {
  book: endpoint({
    method: 'POST',
    path: '/api/trainingSession/book/:id',
    summary: 'Book a place on a session: booked, waitlisted when full, or requested when it needs approval',
    description:
      'The session row is held while the places are counted, so parallel bookings for the last places book ' +
      'exactly as many as are left and waitlist the rest in the order they came. One live registration per ' +
      'session and person (a second is refused on userId). `userId` books someone else (training:register). ' +
      'A repeated requestKey answers the registration the first request made.',
    tags: ['trainingSession'],
    access: 'login',
    mutates: true,
    params: zIdParam,
    body: zTrainingBook,
    response: zTrainingBooked,
  }),
  catalogue: endpoint({
    method: 'POST',
    path: '/api/trainingSession/catalogue',
    summary: 'Sessions open for booking, with places left and the caller’s own registration',
    tags: ['trainingSession'],
    access: 'login',
    body: zCatalogueRequest,
    response: zCataloguePage,
  }),
  registrations: endpoint({
    method: 'POST',
    path: '/api/trainingSession/registrations/:id',
    summary: 'A session’s registrations (the waitlist in order)',
    tags: ['trainingSession'],
    access: READ,
    params: zIdParam,
    body: zSessionRegistrationsRequest,
    response: zTrainingRegistrationPage,
  }),
};

const tags = ['trainingRegistration'];
export const trainingRegistrationEndpoints = {
  my: endpoint({
    method: 'POST',
    path: '/api/trainingRegistration/my',
    summary: 'The caller’s registrations with their history, and their progress in each programme',
    tags,
    access: 'login',
    response: zMyTraining,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/trainingRegistration/cancel/:id',
    summary: 'Cancel a registration before the session starts; a freed place goes to the first waitlisted',
    description: 'The person’s own, or anyone’s with training:register; another member’s is “not found”.',
    tags,
    access: 'login',
    mutates: true,
    params: zIdParam,
    body: zRegistrationNote,
    response: zTrainingRegistration,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/trainingRegistration/approve/:id',
    summary: 'Approve a requested registration: booked when a place is left, else waitlisted',
    tags,
    access: REGISTER,
    mutates: true,
    params: zIdParam,
    response: zTrainingRegistration,
  }),
  decline: endpoint({
    method: 'POST',
    path: '/api/trainingRegistration/decline/:id',
    summary: 'Decline a requested or waitlisted registration, with the reason the person is told',
    tags,
    access: REGISTER,
    mutates: true,
    params: zIdParam,
    body: zRegistrationDecline,
    response: zTrainingRegistration,
  }),
  outcomes: endpoint({
    method: 'POST',
    path: '/api/trainingRegistration/outcomes',
    summary: 'Record outcomes after a session (no-show, partly attended, attended) and credit hours',
    description:
      'Hours credited complete a programme when they reach its hours: its certificate is issued in the same ' +
      'transaction, valid for the programme’s months. Refused before the session ends (sessionId).',
    tags,
    access: REGISTER,
    mutates: true,
    body: zTrainingOutcomes,
    response: zTrainingOutcomesDone,
  }),
  history: endpoint({
    method: 'POST',
    path: '/api/trainingRegistration/history/:id',
    summary: 'A registration’s ordered status history (the person’s own, or staff with training:page)',
    tags,
    access: 'login',
    params: zIdParam,
    response: z.array(zRegistrationEvent),
  }),
};

export const trainingRegistrationFileEndpoints = {
  export: fileEndpoint({
    method: 'POST',
    path: '/api/trainingRegistration/export',
    summary: 'Export registrations (of a session, a programme, or all) to Excel',
    tags,
    access: ['training:export'],
    body: zRegistrationExportRequest,
    query: zLangQuery,
  }),
};
