import { action, type OperationActionLabel } from './operation-action-kit';

// The operation log's verbs of training (issue 34: /api/trainingSession/{verb}/… and
// /api/trainingRegistration/{verb}/…); cancel, approve and export are the catalogue's own.
export const trainingActionLabels = {
  book: action('Book', '报名', 'booked {{target}}', 'book {{target}}', '报名{{target}}', 'success'),
  finish: action('Finish', '结束', 'finished {{target}}', 'finish {{target}}', '结束{{target}}', 'success'),
  decline: action('Decline', '拒绝', 'declined {{target}}', 'decline {{target}}', '拒绝{{target}}', 'warning'),
  outcomes: action(
    'Record outcomes',
    '记录结果',
    'recorded the outcomes of {{target}}',
    'record the outcomes of {{target}}',
    '记录{{target}}的培训结果',
    'success',
  ),
} satisfies Record<string, OperationActionLabel>;
