import { ResultCode } from '@lyceum/contract';
import type { FormInstance } from 'antd';
import { showServerFieldError } from '../../crud/server-field-error';
import { currentLanguage } from '../../shell/i18n';
import { ApiError } from '../../shell/request';
import { fieldErrorText } from '../../shell/server-error';

// A change refused by the clash engine names what of the lesson is taken (its teacher, assistant,
// room or class) and what is in the way. A dialog that has no input for the taken thing (a move
// keeps the teacher and the class) shows the refusal under the time, saying whose time it is;
// everything else lands under its own field.

type NameOf = (field: string) => string | undefined;

export function showChangeError(
  form: FormInstance,
  err: unknown,
  // Where a clash of something the form does not edit goes (the time, or the picked lesson).
  fallback: (string | number)[],
  // 'Teacher', 'Class', … for the taken things.
  nameOf: NameOf,
): void {
  if (!(err instanceof ApiError) || err.code !== ResultCode.InvalidParams || !err.detail?.field) return;
  if (showServerFieldError(form, err)) return;
  const who = nameOf(err.detail.field);
  const text = fieldErrorText(err.detail, err.message);
  // "Teacher: clashes with …" (the predicate goes on in lower case after the name).
  const colon = currentLanguage() === 'zh-CN' ? '：' : ': ';
  const said = who ? `${who}${colon}${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
  form.setFields([{ name: fallback as never, errors: [said] }]);
  err.fieldLabel = who;
}

// Runs a change; a refusal lands under its field (the request client toasts it too) and is swallowed,
// anything else is thrown on.
export async function runChange(
  form: FormInstance,
  send: () => Promise<void>,
  fallback: (string | number)[],
  nameOf: NameOf,
  setBusy: (busy: boolean) => void,
): Promise<void> {
  setBusy(true);
  try {
    await send();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    showChangeError(form, err, fallback, nameOf);
  } finally {
    setBusy(false);
  }
}
