import { ResultCode } from '@lyceum/contract';
import type { FormInstance } from 'antd';
import { ApiError } from '../shell/request';
import { fieldErrorText } from '../shell/server-error';

type NamePath = (string | number)[];

// "options.2.content" -> ['options', 2, 'content'], the name path antd forms use.
function namePath(field: string): NamePath {
  return field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function valueAt(values: unknown, path: NamePath): unknown {
  let v = values;
  for (const s of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string | number, unknown>)[s];
  }
  return v;
}

// The longest part of the path that is a field of this form: "roleIds.0" lands on roleIds, and
// "options.2.content" on that option's content when the form has one, else on the options list.
function formItemFor(form: FormInstance, field: string): NamePath | null {
  const values: unknown = form.getFieldsValue(true);
  const full = namePath(field);
  for (let n = full.length; n > 0; n--) {
    const path = full.slice(0, n);
    if (form.getFieldInstance(path) || valueAt(values, path) !== undefined) return path;
  }
  return null;
}

// The label the person sees next to the field (antd ties it to the input's id).
function labelOf(form: FormInstance, path: NamePath): string | undefined {
  const instance = form.getFieldInstance(path) as { input?: HTMLElement; nativeElement?: HTMLElement } | null;
  const element = instance instanceof HTMLElement ? instance : (instance?.input ?? instance?.nativeElement);
  // A select's ref is its outer element; the id sits on the input inside.
  const id = element?.id || element?.querySelector?.('input[id]')?.id;
  if (!id) return undefined;
  return document.querySelector(`label[for="${CSS.escape(id)}"]`)?.textContent?.trim() || undefined;
}

// Puts a 501 refusal, in the reader's language, under the form field its `error.field` names (the
// request client toasts it too, naming the field by its label). Returns whether a field took it;
// a refusal naming no field of this form stays a toast only. `labels` names fields whose label the
// form cannot be asked for.
export function showServerFieldError(form: FormInstance, err: unknown, labels?: Record<string, string>): boolean {
  if (!(err instanceof ApiError) || err.code !== ResultCode.InvalidParams || !err.detail?.field) return false;
  const path = formItemFor(form, err.detail.field);
  if (!path) return false;
  form.setFields([{ name: path, errors: [fieldErrorText(err.detail, err.message)] }]);
  err.fieldLabel = labels?.[path.join('.')] ?? labelOf(form, path);
  return true;
}
