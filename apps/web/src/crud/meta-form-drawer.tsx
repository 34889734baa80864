import { App, Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pickTitle, useLang } from '../shell/i18n';
import { FormDrawer } from './form-drawer';
import { useSubmit } from './form-save';
import { formItem } from './meta-inputs';
import type { RefChoices } from './ref-options';
import type { AnyRow, ResourceApi } from './resource-api';
import { type FormView, formFields, type ResourceView, rowName } from './resource-view';
import type { Editing } from './screen-slots';
import { acceptsNull, defaultOf } from './zod-rules';

type Values = Record<string, unknown>;

interface Props {
  view: ResourceView;
  api: ResourceApi<AnyRow, Values, Values, object>;
  editing: Editing | null;
  refs: Map<string, RefChoices>;
  // Tree ids the edited node may not take as its parent (itself and its descendants).
  excluded?: ReadonlySet<number>;
  onClose: () => void;
  onSaved: () => void;
}

// What the form sends: empty inputs become null where the schema takes null, and are left out
// (so the schema's default applies) where it does not.
export function formBody(view: FormView, values: Values): Values {
  const body: Values = {};
  for (const field of formFields(view.meta)) {
    const value = values[field.key];
    const schema = view.schema.shape[field.key];
    if (value === undefined || value === null || value === '') {
      if (schema && acceptsNull(schema)) body[field.key] = null;
    } else body[field.key] = value;
  }
  return body;
}

export function formDefaults(view: ResourceView): Values {
  const values: Values = {};
  for (const field of formFields(view.meta)) {
    const schema = view.schema.shape[field.key];
    const value = schema ? defaultOf(schema) : undefined;
    if (value !== undefined && value !== null) values[field.key] = value;
  }
  return values;
}

// The create/edit drawer of a declared resource: fields, rules and defaults from the meta and the zod schema.
export function MetaFormDrawer({ view, api, editing, refs, excluded, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { meta } = view;
  const title = pickTitle(meta.title, lang);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.kind === 'edit') {
      const values: Values = {};
      for (const field of formFields(meta)) values[field.key] = editing.row[field.key] ?? undefined;
      form.setFieldsValue(values);
    } else {
      const parent = editing.parent;
      // Under a parent, the new node starts there and with the values a child takes from its parent.
      const inherited = parent
        ? Object.fromEntries(formFields(meta).flatMap((f) => (f.inherit ? [[f.key, parent[f.key]]] : [])))
        : {};
      form.setFieldsValue({ ...formDefaults(view), ...inherited, ...(parent ? { parentId: parent.id } : {}) });
    }
  }, [editing, form, meta, view]);

  const { saving, submit: save } = useSubmit(form, async (values: Values) => {
    if (!editing) return;
    const body = formBody(view, values);
    if (editing.kind === 'edit') await api.update({ ...body, id: editing.row.id });
    else await api.create(body);
    message.success(t('common.saved'));
    onSaved();
  });

  const heading = !editing
    ? ''
    : editing.kind === 'edit'
      ? t('crud.editTitle', { name: rowName(meta, editing.row) })
      : editing.parent
        ? t('crud.createUnder', { name: rowName(meta, editing.parent) })
        : t('crud.createTitle', { title });

  return (
    <FormDrawer
      title={heading}
      open={!!editing}
      saving={saving}
      onClose={onClose}
      onSave={() => form.submit()}
      width={480}
    >
      <Form<Values> name={meta.name} form={form} layout="vertical" onFinish={save}>
        {formFields(meta).map((field, i, siblings) =>
          formItem(
            field,
            view.schema.shape[field.key],
            { lang, t, refs, upload: view.upload, excluded },
            { autoFocus: i === 0, siblings },
          ),
        )}
      </Form>
    </FormDrawer>
  );
}
