import { z } from 'zod';
import { resourceActions } from '../actions';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints } from '../engine-endpoints';
import { DegreeAwardStatus, GraduationBatchStatus } from '../enums/academic';
import { zIdParam } from '../fields';
import {
  zAudit,
  zAuditRequest,
  zBatchAdd,
  zBatchAdded,
  zBatchCount,
  zBatchDecide,
  zBatchNote,
  zBatchRefresh,
  zBatchStudents,
  zBatchUserIds,
  zDegreeAward,
  zDegreeAwardFilter,
  zDegreeRevoke,
  zGraduationBatch,
  zGraduationBatchCreate,
  zGraduationBatchFilter,
  zGraduationBatchUpdate,
  zGraduationRequirement,
  zGraduationRequirementCreate,
  zGraduationRequirementFilter,
  zGraduationRequirementUpdate,
} from './graduation';

// Graduation's endpoints (issue 34). Requirement sets, batches and awards are engine resources;
// the audit, a batch's students and their decisions are hand routes under /api/graduation/{verb}/:id
// (the operation log names the batch by the entity "graduation"). Academic staff read with
// educational:page; graduation:manage writes requirements and batches and decides students;
// graduation:approve approves a batch and confers its degrees; degree:revoke revokes an award. A
// student reads only their own audit (graduation/myAudit), with a what-if.

const tags = ['graduation'];
const READ = ['educational:page'] as const;
const MANAGE = ['graduation:manage'] as const;
const APPROVE = ['graduation:approve'] as const;

export const graduationRequirementDecl = engineDecl({
  name: 'graduationRequirement',
  title: 'Graduation requirement',
  tags,
  schemas: {
    row: zGraduationRequirement,
    create: zGraduationRequirementCreate,
    update: zGraduationRequirementUpdate,
    filter: zGraduationRequirementFilter,
  },
  access: { read: READ, create: MANAGE, update: MANAGE, remove: MANAGE },
  sheets: 'none',
});
export const graduationRequirementVerbs = engineEndpoints(graduationRequirementDecl);

export const graduationBatchDecl = engineDecl({
  name: 'graduationBatch',
  title: 'Graduation batch',
  tags,
  schemas: {
    row: zGraduationBatch,
    create: zGraduationBatchCreate,
    update: zGraduationBatchUpdate,
    filter: zGraduationBatchFilter,
  },
  access: { read: READ, create: MANAGE, update: MANAGE, remove: MANAGE },
  sheets: 'none',
});
export const graduationBatchVerbs = engineEndpoints(graduationBatchDecl);

const { Draft, Reviewing, Approved, Conferred } = GraduationBatchStatus;
export const graduationBatchActions = resourceActions('graduationBatch', zGraduationBatch, {
  submit: {
    summary: 'Send a draft batch for review (it needs at least one student)',
    access: MANAGE,
    from: [Draft],
    to: Reviewing,
    input: zBatchNote,
  },
  returnToDraft: {
    summary: 'Take a batch under review (or approved, not yet conferred) back to draft',
    access: MANAGE,
    from: [Reviewing, Approved],
    to: Draft,
    input: zBatchNote,
  },
  approveBatch: {
    summary: 'Approve a reviewed batch: every student decided, at least one approved',
    access: APPROVE,
    from: [Reviewing],
    to: Approved,
    input: zBatchNote,
  },
  confer: {
    summary:
      'Confer the degrees of an approved batch: an award with a certificate number for each approved student, ' +
      'their record marked graduated and a degree certificate issued, in one transaction (once, however often asked)',
    access: APPROVE,
    from: [Approved],
    to: Conferred,
    input: zBatchNote,
  },
});

export const degreeAwardDecl = engineDecl({
  name: 'degreeAward',
  title: 'Degree award',
  tags,
  schemas: { row: zDegreeAward, create: z.object({}), update: z.object({}), filter: zDegreeAwardFilter },
  access: { readOnly: true, read: READ, export: ['educational:export'] },
  sheets: 'export',
});
export const degreeAwardVerbs = engineEndpoints(degreeAwardDecl);
export const degreeAwardActions = resourceActions('degreeAward', zDegreeAward, {
  revokeAward: {
    summary: 'Revoke a degree award with a reason; its certificate is revoked with it (verification says so)',
    access: ['degree:revoke'],
    from: [DegreeAwardStatus.Awarded],
    to: DegreeAwardStatus.Revoked,
    input: zDegreeRevoke,
  },
});

const UNMET =
  'One line per requirement kind of the set that fits the student (their record’s degree, department and ' +
  'cohort; the most specific set wins): met or not, required, actual and what is missing (courses and exams ' +
  'by name, credit hours short, the attendance rate, the amount still owed).';

export const graduationEndpoints = {
  audit: endpoint({
    method: 'POST',
    path: '/api/graduation/audit/:id',
    summary: 'A student’s graduation audit (the id is the student’s user id): each requirement met or what is missing',
    description: `${UNMET} The body may assume courses completed and exams passed (a what-if; nothing is written).`,
    tags,
    access: READ,
    params: zIdParam,
    body: zAuditRequest,
    response: zAudit,
  }),
  myAudit: endpoint({
    method: 'POST',
    path: '/api/graduation/myAudit',
    summary: 'The caller’s own graduation audit, with a what-if (assume courses completed, exams passed)',
    description: `${UNMET} Only with a student role active; the caller's own audit, never another's.`,
    tags,
    access: 'student',
    body: zAuditRequest,
    response: zAudit,
  }),
  students: endpoint({
    method: 'POST',
    path: '/api/graduation/students/:id',
    summary: 'The students of a batch with their decision, note, audit and award',
    tags,
    access: READ,
    params: zIdParam,
    response: zBatchStudents,
  }),
  addStudents: endpoint({
    method: 'POST',
    path: '/api/graduation/addStudents/:id',
    summary: 'Add students to a draft or reviewing batch (by class, by its cohort, or named); each is audited',
    description:
      'Only students with a record of the batch’s degree; those already in the batch are skipped. The audit is ' +
      'taken as they are added and kept with them until refreshed.',
    tags,
    access: MANAGE,
    mutates: true,
    params: zIdParam,
    body: zBatchAdd,
    response: zBatchAdded,
  }),
  removeStudents: endpoint({
    method: 'POST',
    path: '/api/graduation/removeStudents/:id',
    summary: 'Take students out of a draft or reviewing batch',
    tags,
    access: MANAGE,
    mutates: true,
    params: zIdParam,
    body: zBatchUserIds,
    response: zBatchCount,
  }),
  refreshAudits: endpoint({
    method: 'POST',
    path: '/api/graduation/refreshAudits/:id',
    summary: 'Take the audits of a batch’s students again (all, or those named)',
    tags,
    access: MANAGE,
    mutates: true,
    params: zIdParam,
    body: zBatchRefresh,
    response: zBatchCount,
  }),
  decide: endpoint({
    method: 'POST',
    path: '/api/graduation/decide/:id',
    summary: 'Approve or defer students of a batch under review, with a note (bulk)',
    description:
      'Every student named must be in the batch (else 501 naming userIds). Approving a student whose latest ' +
      'audit is not all met is allowed only with a note saying why.',
    tags,
    access: MANAGE,
    mutates: true,
    params: zIdParam,
    body: zBatchDecide,
    response: zBatchCount,
  }),
};
