import { action, type OperationActionLabel } from './operation-action-kit';

// The operation log's verbs of teaching management and attendance (issue 31), apart from the
// catalogue in operation-action.ts, which is full.
export const teachingActionLabels = {} satisfies Record<string, OperationActionLabel>;
