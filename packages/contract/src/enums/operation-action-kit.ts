import type { EnumLabel } from '../labels';

// The shape of an operation-log verb's words and the helper that writes one (operation-action.ts).
export interface OperationActionLabel extends EnumLabel {
  did: string;
  do: string;
  zhDo: string;
}

export function action(
  en: string,
  zh: string,
  did: string,
  doText: string,
  zhDo: string,
  color: EnumLabel['color'] = 'processing',
): OperationActionLabel {
  return { en, zh, color, did, do: doText, zhDo };
}
