import { action, type OperationActionLabel } from './operation-action-kit';

// The operation log's verbs of student records and status changes (issue 34:
// /api/studentRecord/{verb}/…, /api/statusChange/{verb}/…); approve, reject and cancel are shared.
export const recordsActionLabels = {
  edit: action('Edit', '编辑', 'edited {{target}}', 'edit {{target}}', '编辑{{target}}'),
  createMissing: action(
    'Create missing records',
    '补建学籍',
    'made {{target}} for students without one',
    'make {{target}} for students without one',
    '为没有学籍的学生补建{{target}}',
    'success',
  ),
  request: action('Request', '申请', 'requested {{target}}', 'request {{target}}', '申请{{target}}'),
} satisfies Record<string, OperationActionLabel>;
