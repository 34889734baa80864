import { ResultCode } from '@lyceum/contract';
import type { FormInstance } from 'antd';
import { ApiError } from '../shell/request';

// A 501 reply names the field it refuses ("password: is too easy to guess (...). Add more words.").
const FIELD_MESSAGE = /^([\w.[\]-]+): (.+)$/s;

// Puts a 501 refusal under the form field it names, so the person sees it where they typed (the
// request client has already shown it as a toast, which fades). Returns whether a field took it;
// a message naming no field of this form stays a toast only.
export function showServerFieldError(form: FormInstance, err: unknown): boolean {
  if (!(err instanceof ApiError) || err.code !== ResultCode.InvalidParams) return false;
  const match = FIELD_MESSAGE.exec(err.message);
  if (!match) return false;
  // "roleIds.0" belongs to the roleIds field.
  const name = match[1].split(/[.[]/)[0];
  const values: Record<string, unknown> = form.getFieldsValue(true);
  if (!(name in values) && !form.getFieldInstance(name)) return false;
  const text = match[2].charAt(0).toUpperCase() + match[2].slice(1);
  form.setFields([{ name, errors: [text] }]);
  return true;
}
