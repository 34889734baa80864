import type { Exam, ExamPaper } from '@lyceum/contract';
import { App, Form } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import type { Editing } from '../../crud/screen-slots';
import { examApi } from './exam-api';
import {
  BasicsSection,
  InstructionsSection,
  RegistrationSection,
  RulesSection,
  WindowSection,
} from './exam-editor-sections';
import { CandidatesSection, PlaceSection } from './exam-editor-who';
import { crossFieldProblems, type ExamFormValues, examBody, examValues, newExamValues } from './exam-form';
import { useExamTexts } from './exam-texts';
import './exam.css';

interface Props {
  editing: Editing<Exam> | null;
  onClose: () => void;
  onSaved: () => void;
}

// The exam editor: one drawer, its parts in the order an exam office fills them in. Tab walks the
// fields and Ctrl+Enter anywhere saves (Enter alone confirms a picker, so it never saves a half-filled
// exam); refusals land under their field.
export function ExamEditor({ editing, onClose, onSaved }: Props) {
  const { t } = useExamTexts();
  const { message } = App.useApp();
  const [form] = Form.useForm<ExamFormValues>();
  const exam = editing?.kind === 'edit' ? editing.row : null;
  // The start before the latest change, so the end can follow it.
  const previousStart = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!editing) return;
    const values = editing.kind === 'edit' ? examValues(editing.row) : newExamValues();
    form.resetFields();
    form.setFieldsValue(values);
    previousStart.current = values.windowStart;
  }, [editing, form]);

  // A paper picked by hand brings its suggested duration (and names an unnamed exam).
  function onPaper(paper: ExamPaper) {
    const values = form.getFieldsValue(['name', 'durationMinutes']);
    if (paper.durationMinutes) form.setFieldValue('durationMinutes', paper.durationMinutes);
    if (!values.name?.trim()) form.setFieldValue('name', paper.name);
  }

  // Moving the start moves the end with it (the window keeps its length); a first start gets an end
  // one duration later.
  function onValuesChange(changed: Partial<ExamFormValues>, all: ExamFormValues) {
    if (!('windowStart' in changed) || !changed.windowStart) return;
    const start = dayjs(changed.windowStart);
    const previous = previousStart.current;
    previousStart.current = changed.windowStart;
    if (all.windowEnd && previous) {
      const length = dayjs(all.windowEnd).diff(dayjs(previous), 'minute');
      if (length > 0) form.setFieldValue('windowEnd', start.add(length, 'minute').toISOString());
    } else if (!all.windowEnd && all.durationMinutes) {
      form.setFieldValue('windowEnd', start.add(all.durationMinutes, 'minute').toISOString());
    }
  }

  const { saving, save } = useFormSave(form, {
    toBody: examBody,
    problems: crossFieldProblems,
    send: async (body) => {
      if (exam) await examApi.update({ ...body, id: exam.id });
      else await examApi.create(body);
      message.success(exam ? t('common.saved') : t('exam.draftSaved'));
      onSaved();
    },
  });

  return (
    <EditorDrawer
      title={exam ? t('exam.editTitle', { name: exam.name }) : t('exam.newTitle')}
      open={!!editing}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('exam.saveHint')}
      width={760}
    >
      <Form<ExamFormValues>
        name="exam"
        form={form}
        layout="vertical"
        onValuesChange={onValuesChange}
        scrollToFirstError
      >
        <BasicsSection onPaper={onPaper} />
        <WindowSection />
        <CandidatesSection />
        <PlaceSection />
        <RegistrationSection />
        <RulesSection />
        <InstructionsSection />
      </Form>
    </EditorDrawer>
  );
}
