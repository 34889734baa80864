import { action, type OperationActionLabel } from './operation-action-kit';

// The operation log's verbs of graduation (issue 34: /api/graduationBatch/{verb}/…,
// /api/graduation/{verb}/… on a batch, /api/degreeAward/revokeAward/…); submit and decide are the
// catalogue's own.
export const graduationActionLabels = {
  returnToDraft: action(
    'Back to draft',
    '退回草稿',
    'returned {{target}} to draft',
    'return {{target}} to draft',
    '将{{target}}退回草稿',
    'warning',
  ),
  approveBatch: action(
    'Approve the batch',
    '批准批次',
    'approved {{target}}',
    'approve {{target}}',
    '批准{{target}}',
    'success',
  ),
  confer: action(
    'Confer degrees',
    '授予学位',
    'conferred the degrees of {{target}}',
    'confer the degrees of {{target}}',
    '授予{{target}}的学位',
    'success',
  ),
  addStudents: action(
    'Add students',
    '添加学生',
    'added students to {{target}}',
    'add students to {{target}}',
    '向{{target}}添加学生',
  ),
  removeStudents: action(
    'Remove students',
    '移出学生',
    'removed students from {{target}}',
    'remove students from {{target}}',
    '从{{target}}移出学生',
    'warning',
  ),
  refreshAudits: action(
    'Audit again',
    '重新审核',
    'took the audits of {{target}} again',
    'take the audits of {{target}} again',
    '重新审核{{target}}',
    'default',
  ),
  revokeAward: action('Revoke', '撤销', 'revoked {{target}}', 'revoke {{target}}', '撤销{{target}}', 'error'),
} satisfies Record<string, OperationActionLabel>;
