import { type ExamPaper, type Task, TaskType } from '@lyceum/contract';
import { App, Form } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { EditorDrawer, useFormSave } from '../../crud/form-save';
import type { Editing } from '../../crud/screen-slots';
import { taskApi } from './task-api';
import { RulesSection, WhatSection, WhenSection, WhoSection } from './task-editor-sections';
import { defaultLateUntil, newTaskValues, type TaskFormValues, taskBody, taskProblems, taskValues } from './task-form';
import { useTaskTexts } from './task-texts';
import '../exam/exam.css';

interface Props {
  editing: Editing<Task> | null;
  onClose: () => void;
  onSaved: () => void;
}

// The task editor: one drawer, saved as a draft (publishing is the list's action). Tab walks the
// fields and Ctrl+Enter anywhere saves; refusals land under their field.
export function TaskEditor({ editing, onClose, onSaved }: Props) {
  const { t } = useTaskTexts();
  const { message } = App.useApp();
  const [form] = Form.useForm<TaskFormValues>();
  const [paperTotal, setPaperTotal] = useState<number | undefined>(undefined);
  const task = editing?.kind === 'edit' ? editing.row : null;
  const taskType = Form.useWatch<TaskType | undefined>('taskType', form);
  // The start before the latest change, so the due time can follow it.
  const previousStart = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!editing) return;
    const values = editing.kind === 'edit' ? taskValues(editing.row) : newTaskValues();
    form.resetFields();
    form.setFieldsValue(values);
    previousStart.current = values.startTime;
    setPaperTotal(undefined);
  }, [editing, form]);

  // A paper picked by hand names an unnamed task and tells the pass score's default.
  function onPaper(paper: ExamPaper) {
    setPaperTotal(paper.totalScore);
    if (!form.getFieldValue('name')?.trim()) form.setFieldValue('name', paper.name);
  }

  // Moving the start moves the due time with it; a due time past the late cutoff pushes the cutoff;
  // switching late work on offers a cutoff two days after the due time.
  function onValuesChange(changed: Partial<TaskFormValues>, all: TaskFormValues) {
    // Another type asks for other items: a course task's courses are no knowledge-base task's articles.
    if (changed.taskType !== undefined) form.setFieldValue('items', []);
    if (changed.startTime) {
      const previous = previousStart.current;
      previousStart.current = changed.startTime;
      if (previous && all.dueTime) {
        const moved = dayjs(changed.startTime).diff(dayjs(previous), 'minute');
        form.setFieldValue('dueTime', dayjs(all.dueTime).add(moved, 'minute').toISOString());
      }
    }
    // Late work switched on with no last hand-in time yet gets a suggestion; a time the teacher chose is
    // never replaced (one before the due time is refused under its field when saving).
    if (!changed.lateAccepted) return;
    const due = form.getFieldValue('dueTime') as string | undefined;
    const lateUntil = form.getFieldValue('lateUntil') as string | null | undefined;
    if (due && !lateUntil) form.setFieldValue('lateUntil', defaultLateUntil(due));
  }

  const { saving, save } = useFormSave(form, {
    toBody: taskBody,
    problems: taskProblems,
    send: async (body) => {
      if (task) await taskApi.update({ ...body, id: task.id });
      else await taskApi.create(body);
      message.success(task ? t('common.saved') : t('task.draftSaved'));
      onSaved();
    },
  });

  return (
    <EditorDrawer
      title={task ? t('task.editTitle', { name: task.name }) : t('task.newTitle')}
      open={!!editing}
      saving={saving}
      save={save}
      onClose={onClose}
      hint={t('task.saveHint')}
    >
      <Form<TaskFormValues>
        name="task"
        form={form}
        layout="vertical"
        onValuesChange={onValuesChange}
        scrollToFirstError
      >
        <WhatSection onPaper={onPaper} paperTotal={paperTotal} paperLocked={!!task?.examId} />
        <WhoSection />
        <WhenSection />
        {taskType === TaskType.Paper && <RulesSection paperTotal={paperTotal} />}
      </Form>
    </EditorDrawer>
  );
}
