import type { ErrorDetail } from '@lyceum/contract';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { showServerFieldError } from '../../crud/server-field-error';
import { ApiError } from '../../shell/request';
import { fieldErrorText } from '../../shell/server-error';

// Saving a form with rows (periods, slots): the contract's checks across fields name a row's field
// as 'slots.2.periodTo'; each lands under that row's input, and so does a refusal of the server.

export const pathOf = (field: string) => field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s));

interface Save<Values, Body> {
  toBody: (values: Values) => Body;
  problems: (body: Body) => { field: string; detail: ErrorDetail }[];
  send: (body: Body) => Promise<unknown>;
}

export function useRowsFormSave<Values extends object, Body>(
  form: FormInstance<Values>,
  { toBody, problems, send }: Save<Values, Body>,
) {
  const [saving, setSaving] = useState(false);
  async function save() {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = toBody(form.getFieldsValue(true) as Values);
    const found = problems(body);
    if (found.length) {
      form.setFields(found.map((p) => ({ name: pathOf(p.field) as never, errors: [fieldErrorText(p.detail, '')] })));
      form.scrollToField(pathOf(found[0].field) as never);
      return;
    }
    setSaving(true);
    try {
      await send(body);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (showServerFieldError(form, err) && err.detail?.field) form.scrollToField(pathOf(err.detail.field) as never);
    } finally {
      setSaving(false);
    }
  }
  return { saving, save };
}
