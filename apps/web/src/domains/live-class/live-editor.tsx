import type { LiveClassRow } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Form, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import type { Editing } from '../../crud/screen-slots';
import { showServerFieldError } from '../../crud/server-field-error';
import { fetchCurrentUser } from '../../shell/auth-api';
import { ApiError } from '../../shell/request';
import { liveApi } from './live-api';
import { AttendanceSection, WhatSection, WhenSection, WhereSection, WhoSection } from './live-editor-sections';
import {
  crossFieldProblems,
  DEFAULT_MINUTES,
  type LiveFormValues,
  liveBody,
  liveValues,
  newLiveValues,
} from './live-form';
import { isDraft, useLiveTexts } from './live-words';
import './live-class.css';

// What the editor opens on: a new live class, one to edit, and possibly the refusal that sent the
// person here (a publication refused over a clash), to show under its field.
export type LiveEditing = Editing<LiveClassRow> & { refusal?: ApiError };

interface Props {
  editing: LiveEditing | null;
  onClose: () => void;
  onSaved: () => void;
}

// A refusal names a list's item ("teacherIds.1": that teacher is taken) or the list; it lands under
// the list's field either way.
function showRefusal(form: FormInstance, err: ApiError): void {
  const field = err.detail?.field;
  if (!field) return;
  const listField = /^(teacherIds|teamIds)\.\d+$/.exec(field);
  const shown = listField ? new ApiError(err.code, err.message, { ...err.detail, field: listField[1] }) : err;
  if (showServerFieldError(form, shown)) {
    err.fieldLabel = shown.fieldLabel;
    form.scrollToField(shown.detail?.field?.split('.')[0] ?? field);
  }
}

// The live-class editor: one drawer, its parts in the order a teacher fills them in. Tab walks the
// fields and Ctrl+Enter anywhere saves; refusals (a clash over a teacher or a class names what is in
// the way) land under their field. A new live class is saved as a draft, to be published from the list.
export function LiveEditor({ editing, onClose, onSaved }: Props) {
  const { t } = useLiveTexts();
  const { message } = App.useApp();
  const [form] = Form.useForm<LiveFormValues>();
  const me = useQuery({ queryKey: ['currentUser'], queryFn: fetchCurrentUser, staleTime: 60_000 });
  const row = editing?.kind === 'edit' ? editing.row : null;
  // The start before the latest change, so the end can follow it.
  const previousStart = useRef<string | undefined>(undefined);
  // Read when the drawer opens, so the user's record arriving later never resets a half-filled form.
  const meId = useRef<number | null>(null);
  meId.current = me.data?.id ?? null;

  useEffect(() => {
    if (!editing) return;
    const values = editing.kind === 'edit' ? liveValues(editing.row) : newLiveValues(meId.current);
    form.resetFields();
    form.setFieldsValue(values);
    previousStart.current = values.startsAt;
    // After the drawer's fields are there to take the refusal.
    if (editing.refusal) {
      const refusal = editing.refusal;
      setTimeout(() => showRefusal(form, refusal), 0);
    }
  }, [editing, form]);

  // Moving the start moves the end with it (the class keeps its length); a first start gets an end
  // one lesson later. Another course clears the lesson picked from the former one.
  function onValuesChange(changed: Partial<LiveFormValues>, all: LiveFormValues) {
    if ('courseId' in changed) form.setFieldValue('courseLessonId', null);
    if (!('startsAt' in changed) || !changed.startsAt) return;
    const start = dayjs(changed.startsAt);
    const previous = previousStart.current;
    previousStart.current = changed.startsAt;
    if (all.endsAt && previous) {
      const length = dayjs(all.endsAt).diff(dayjs(previous), 'minute');
      if (length > 0) form.setFieldValue('endsAt', start.add(length, 'minute').toISOString());
    } else if (!all.endsAt) {
      form.setFieldValue('endsAt', start.add(DEFAULT_MINUTES, 'minute').toISOString());
    }
  }

  const { saving, save } = useFormSave(form, {
    toBody: liveBody,
    problems: crossFieldProblems,
    send: async (body) => {
      try {
        if (row) await liveApi.update({ ...body, id: row.id });
        else await liveApi.create(body);
      } catch (err) {
        // A refusal naming one teacher or class of a list: under the list (useFormSave takes the rest).
        if (err instanceof ApiError && /^(teacherIds|teamIds)\.\d+$/.test(err.detail?.field ?? '')) {
          showRefusal(form, err);
          return;
        }
        throw err;
      }
      message.success(row ? t('live.saved') : t('live.draftSaved'));
      onSaved();
    },
  });

  return (
    <EditorDrawer
      title={row ? t('live.editTitle', { name: row.title }) : t('live.newTitle')}
      open={!!editing}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={row && !isDraft(row) ? t('live.saveHintScheduled') : t('live.saveHint')}
      width={720}
    >
      <Form<LiveFormValues>
        name="live-class"
        form={form}
        layout="vertical"
        onValuesChange={onValuesChange}
        scrollToFirstError
      >
        <WhatSection />
        <WhoSection />
        <WhenSection />
        <WhereSection />
        <AttendanceSection />
      </Form>
    </EditorDrawer>
  );
}
