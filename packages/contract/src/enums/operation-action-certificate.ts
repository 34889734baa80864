import { action, type OperationActionLabel } from './operation-action-kit';

// The operation log's verbs of certificates (issue 34: /api/certificate/{verb}/…); issue and revoke
// are worded in the tuition and teaching catalogues.
export const certificateActionLabels = {
  reissue: action('Reissue', '补发', 'reissued {{target}}', 'reissue {{target}}', '补发{{target}}', 'success'),
} satisfies Record<string, OperationActionLabel>;
