import { z } from 'zod';
import { resourceActions } from '../actions';
import { endpoint } from '../endpoint';
import { engineDecl, engineEndpoints, zImportQuery } from '../engine-endpoints';
import { LiveClassStatus, liveClassStatusLabels, liveProviderKindLabels } from '../enums/live';
import { zId, zIdParam } from '../fields';
import { fileEndpoint, zLangQuery } from '../file-endpoint';
import { type FormMeta, field } from '../resource-meta';
import {
  zLiveCancel,
  zLiveClassCreate,
  zLiveClassFilter,
  zLiveClassRow,
  zLiveClassUpdate,
  zLiveEnd,
  zLiveImportResult,
  zLiveJoin,
  zLiveOverride,
  zLiveProviderCreate,
  zLiveProviderFilter,
  zLiveProviderRow,
  zLiveProviderTest,
  zLiveProviderUpdate,
  zLivePublish,
  zLiveRecording,
  zLiveReport,
  zMyLiveClass,
  zMyLiveRequest,
  zRecordingChange,
} from './live-class';

const tags = ['liveClass'];
const READ = ['liveClass:page'] as const;
const MANAGE = ['liveClass:create', 'liveClass:all'] as const;

// ---- the organisation's BigBlueButton servers ----

export const liveProviderMeta: FormMeta = {
  name: 'liveProvider',
  title: { en: 'Live-class servers', zh: '直播服务器' },
  labelKey: 'name',
  keyword: true,
  fields: [
    field('name', ['Name', '名称'], 'text', { required: true }),
    field('kind', ['Kind', '类型'], 'enum', { enum: liveProviderKindLabels, width: 140 }),
    field('url', ['Server address', '服务器地址'], 'text', { required: true }),
    field('isDefault', ['Default', '默认'], 'boolean', { width: 90 }),
    field('enabled', ['Enabled', '启用'], 'boolean', { width: 90 }),
  ],
};
export const liveProviderDecl = engineDecl({
  name: 'liveProvider',
  title: 'Live-class server',
  tags,
  schemas: {
    row: zLiveProviderRow,
    create: zLiveProviderCreate,
    update: zLiveProviderUpdate,
    filter: zLiveProviderFilter,
  },
  // Every staff member reads the list (the editor picks an account; the secret never leaves), only
  // liveClass:settings changes it.
  access: {
    read: ['liveClass:page'],
    create: ['liveClass:settings'],
    update: ['liveClass:settings'],
    remove: ['liveClass:settings'],
    export: ['liveClass:settings'],
  },
});
export const liveProviderVerbs = engineEndpoints(liveProviderDecl);

// ---- live classes ----

export const liveClassMeta: FormMeta = {
  name: 'liveClass',
  title: { en: 'Live classes', zh: '直播课堂' },
  labelKey: 'title',
  keyword: true,
  fields: [
    field('title', ['Title', '标题'], 'text', { required: true, sortable: true }),
    field('startsAt', ['Starts', '开始时间'], 'datetime', { required: true, sortable: true, width: 160 }),
    field('endsAt', ['Ends', '结束时间'], 'datetime', { required: true, width: 160 }),
    field('teamNames', ['Classes', '班级'], 'text', { form: false }),
    field('teacherNames', ['Teachers', '主讲教师'], 'text', { form: false }),
    field('courseTitle', ['Course', '课程'], 'text', { form: false }),
    field('providerKind', ['Provider', '平台'], 'enum', { enum: liveProviderKindLabels, width: 130 }),
    field('status', ['Status', '状态'], 'enum', { enum: liveClassStatusLabels, form: false, filter: true, width: 100 }),
  ],
};

// Teachers (liveClass:create) reach the live classes they teach or made; academic staff
// (liveClass:all) every one. Only drafts are deleted; a scheduled one is cancelled.
export const liveClassDecl = engineDecl({
  name: 'liveClass',
  title: 'Live class',
  tags,
  schemas: { row: zLiveClassRow, create: zLiveClassCreate, update: zLiveClassUpdate, filter: zLiveClassFilter },
  access: { read: READ, create: MANAGE, update: MANAGE, remove: MANAGE, export: ['liveClass:export'] },
  sheets: 'export',
});
export const liveClassVerbs = engineEndpoints(liveClassDecl);

const { Draft, Scheduled, Live } = LiveClassStatus;
export const liveClassActions = resourceActions('liveClass', zLiveClassRow, {
  publish: {
    summary: 'Schedule a draft: its teachers and classes are booked (a clash is refused) and the class is told',
    access: MANAGE,
    from: [Draft],
    to: Scheduled,
    input: zLivePublish,
  },
  cancel: {
    summary: 'Cancel a live class that has not ended: its bookings are released and the class is told',
    access: MANAGE,
    from: [Draft, Scheduled, Live],
    to: LiveClassStatus.Cancelled,
    input: zLiveCancel,
  },
  end: {
    summary: 'End the meeting now (the provider is told); the attendance report follows from the provider',
    access: MANAGE,
    from: [Scheduled, Live],
    to: LiveClassStatus.Ended,
    input: zLiveEnd,
  },
});

export const liveClassEndpoints = {
  join: endpoint({
    method: 'POST',
    path: '/api/liveClass/join/:id',
    summary:
      'Join a live class: the provider address signed for the caller (students as viewers, teachers as moderators)',
    description:
      'Only invited members (students of its classes or learners of its course lesson, its teachers, and academic ' +
      'staff with liveClass:all) and only from the join window until it ends. Every join is kept in the join log. ' +
      'BigBlueButton: the meeting is created on first join, and the address carries our user id and role.',
    tags,
    access: 'login',
    mutates: true,
    params: zIdParam,
    response: zLiveJoin,
  }),
  mine: endpoint({
    method: 'POST',
    path: '/api/liveClass/mine',
    summary: "The caller's live classes: upcoming and running ones to join, or past ones with recordings",
    tags,
    access: 'login',
    body: zMyLiveRequest,
    response: z.array(zMyLiveClass),
  }),
  report: endpoint({
    method: 'POST',
    path: '/api/liveClass/report/:id',
    summary: 'The post-session pack: each participant’s first join, last leave, minutes and status; recordings',
    tags,
    access: READ,
    params: zIdParam,
    response: zLiveReport,
  }),
  reportExport: fileEndpoint({
    method: 'POST',
    path: '/api/liveClass/report/export/:id',
    summary: 'The attendance report of a live class as a CSV file',
    tags,
    access: ['liveClass:export'],
    params: zIdParam,
    query: zLangQuery,
  }),
  importAttendance: endpoint({
    method: 'POST',
    path: '/api/liveClass/importAttendance/:id',
    summary: "Attendance from a meeting service's participant CSV (the file as the body), for external links",
    description:
      'Columns: user name (or email), minutes, and optionally first join and last leave. dryRun=true (default) ' +
      'only matches the rows; dryRun=false writes the minutes and the derived marks in one transaction.',
    tags,
    access: MANAGE,
    mutates: true,
    params: zIdParam,
    query: zImportQuery,
    response: zLiveImportResult,
  }),
  override: endpoint({
    method: 'POST',
    path: '/api/liveClass/override/:id',
    summary: "Correct a student's status derived from the session; the reason is kept with the mark",
    tags,
    access: MANAGE,
    mutates: true,
    params: zIdParam,
    body: zLiveOverride,
    response: z.object({ markId: zId }),
  }),
  recordings: endpoint({
    method: 'POST',
    path: '/api/liveClass/recordings/:id',
    summary: 'Ask the provider for the recordings of a live class now (they also arrive by callback)',
    tags,
    access: MANAGE,
    mutates: true,
    params: zIdParam,
    response: z.array(zLiveRecording),
  }),
  changeRecording: endpoint({
    method: 'POST',
    path: '/api/liveClass/recording/:id',
    summary: "Publish or unpublish a recording, or change who may watch it (the recording's own setting)",
    tags,
    access: MANAGE,
    mutates: true,
    params: zIdParam,
    body: zRecordingChange,
    response: zLiveRecording,
  }),
  deleteRecording: endpoint({
    method: 'POST',
    path: '/api/liveClass/recording/delete/:id',
    summary: 'Delete a recording on the provider; the record of it stays, marked deleted',
    tags,
    access: MANAGE,
    mutates: true,
    params: zIdParam,
    response: zLiveRecording,
  }),
  callback: endpoint({
    method: 'POST',
    path: '/api/liveClass/callback/:provider',
    summary: "A provider's signed callback (BigBlueButton: meeting-end analytics, recording ready), processed once",
    description:
      'Public: verified by the signature the provider computes with the shared secret of the meeting’s account ' +
      '(HS512/HS256 JWT) and by the per-meeting token in the address Lyceum gave the provider. A callback for a ' +
      'meeting of another account, a bad signature or a replay changes nothing.',
    tags,
    access: 'public',
    mutates: true,
    params: z.object({ provider: z.enum(['bbb']) }),
    query: z.object({
      kind: z.enum(['analytics', 'recording']),
      m: z.string().min(1).max(200),
      t: z.string().min(1).max(200),
    }),
    response: z.object({ processed: z.boolean() }),
  }),
};

export const liveProviderEndpoints = {
  test: endpoint({
    method: 'POST',
    path: '/api/liveProvider/test/:id',
    summary: 'Ask a BigBlueButton server whether it answers with this secret',
    tags,
    access: ['liveClass:settings'],
    params: zIdParam,
    response: zLiveProviderTest,
  }),
};
