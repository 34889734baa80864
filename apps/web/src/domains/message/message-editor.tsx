import type { Message } from '@lyceum/contract';
import { App, Form } from 'antd';
import { useEffect } from 'react';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import type { Editing } from '../../crud/screen-slots';
import { messageApi } from './message-api';
import { AboutSection, WhatSection, WhenSection, WhoSection } from './message-editor-sections';
import { type MessageFormValues, messageBody, messageProblems, messageValues, newMessageValues } from './message-form';
import { useMessageTexts } from './message-texts';
import '../exam/exam.css';

interface Props {
  editing: Editing<Message> | null;
  onClose: () => void;
  onSaved: () => void;
}

// The message editor: one drawer, saved as a draft (publishing is the list's action). Tab walks the
// fields and Ctrl+Enter anywhere saves; refusals land under their field.
export function MessageEditor({ editing, onClose, onSaved }: Props) {
  const { t } = useMessageTexts();
  const { message } = App.useApp();
  const [form] = Form.useForm<MessageFormValues>();
  const row = editing?.kind === 'edit' ? editing.row : null;

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing.kind === 'edit' ? messageValues(editing.row) : newMessageValues());
  }, [editing, form]);

  const { saving, save } = useFormSave(form, {
    toBody: messageBody,
    problems: messageProblems,
    send: async (body) => {
      if (row) await messageApi.update({ ...body, id: row.id });
      else await messageApi.create(body);
      message.success(row ? t('common.saved') : t('message.draftSaved'));
      onSaved();
    },
  });

  return (
    <EditorDrawer
      title={row ? t('message.editTitle', { title: row.title }) : t('message.newTitle')}
      open={!!editing}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('message.saveHint')}
    >
      <Form<MessageFormValues> name="message" form={form} layout="vertical" scrollToFirstError>
        <WhatSection />
        <WhoSection />
        <WhenSection />
        <AboutSection />
      </Form>
    </EditorDrawer>
  );
}
