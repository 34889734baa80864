import type { ErrorDetail } from '@lyceum/contract';
import { type FormInstance, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../shell/request';
import { fieldErrorText } from '../shell/server-error';
import { FormDrawer } from './form-drawer';
import { showServerFieldError } from './server-field-error';

interface Save<Values, Body> {
  // The request body from the form's values (every value, touched or not).
  toBody: (values: Values) => Body;
  // The contract's checks across fields, run before sending (see codedProblems).
  problems: (body: Body) => { field: string; detail: ErrorDetail }[];
  send: (body: Body) => Promise<unknown>;
}

// Saving a hand-written editor (exam, task): the form's own rules, then the contract's checks across
// fields under their fields, then the request; a refusal naming a field lands under it too.
export function useFormSave<Values extends object, Body>(
  form: FormInstance<Values>,
  { toBody, problems, send }: Save<Values, Body>,
) {
  const [saving, setSaving] = useState(false);
  async function save() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = toBody({ ...form.getFieldsValue(true), ...values });
    const found = problems(body);
    if (found.length) {
      form.setFields(found.map((p) => ({ name: p.field as never, errors: [fieldErrorText(p.detail, '')] })));
      form.scrollToField(found[0].field);
      return;
    }
    setSaving(true);
    try {
      await send(body);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (showServerFieldError(form, err) && err.detail?.field) form.scrollToField(err.detail.field.split('.')[0]);
    } finally {
      setSaving(false);
    }
  }
  return { saving, save };
}

// Sending a form whose own rules have passed (its onFinish): `saving` while the request runs, and a
// refusal naming a field shown under that field (the client has already toasted it).
export function useSubmit<Args extends unknown[]>(form: FormInstance, send: (...args: Args) => Promise<void>) {
  const [saving, setSaving] = useState(false);
  async function submit(...args: Args) {
    setSaving(true);
    try {
      await send(...args);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      showServerFieldError(form, err);
    } finally {
      setSaving(false);
    }
  }
  return { saving, submit };
}

// The drawer of a hand-written editor (exam, task, message): Save and Cancel in its header, a hint
// line; Ctrl+Enter anywhere inside saves (FormDrawer).
export function EditorDrawer(props: {
  title: ReactNode;
  open: boolean;
  saving: boolean;
  save: () => Promise<void>;
  onClose: () => void;
  hint: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  const onSave = () => void props.save();
  return (
    <FormDrawer
      title={props.title}
      open={props.open}
      saving={props.saving}
      onClose={props.onClose}
      onSave={onSave}
      width={props.width ?? 720}
    >
      <Typography.Paragraph type="secondary" className="editor-hint">
        {props.hint}
      </Typography.Paragraph>
      {props.children}
    </FormDrawer>
  );
}
