import type { ErrorDetail } from '@lyceum/contract';
import { moduleTexts } from '../../shell/module-texts';
import { en } from './payment-texts-en';
import { zh } from './payment-texts-zh';

// The tuition payments screen's texts (and the receipt's), read as `payment.key`.
export const { useTexts: usePaymentTexts } = moduleTexts('payment', en, zh);

export const DAY = 'YYYY-MM-DD';

// The plan's refusals (shares not adding to 100, a due day not after the one before) shown under the
// plan as a whole: its rows are a list the form names as one field.
export function planProblems(found: { field: string; detail: ErrorDetail }[]) {
  return found.map((p) => (p.field.startsWith('plan.') ? { ...p, field: 'plan' } : p));
}
