import { type Course, ResultCode, zCourseCreate } from '@lyceum/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showServerFieldError } from '../../crud/server-field-error';
import { codedProblems } from '../../crud/zod-rules';
import { usePermission } from '../../shell/permission';
import { ApiError } from '../../shell/request';
import { fieldErrorText } from '../../shell/server-error';
import { COURSE_KEY, courseApi, courseCalls, editPath } from './course-api';
import { coursePayload, type DetailValues, detailsOf, emptyDetails } from './course-form';
import { useCourseTexts } from './course-texts';
import { draftOf, type Outline, placeOf, problemTarget, reseed } from './outline-draft';

export type EditorTab = 'details' | 'outline' | 'assignments';
// What is wrong with the outline, by node key and field ('' for the node itself).
export type Problems = Record<string, Record<string, string>>;

// "2" for the second chapter, "2.3" for its third lesson.
export function nodeNumber(outline: Outline, key: string): string {
  const at = placeOf(outline, key);
  if (!at) return '';
  return at.lesson < 0 ? String(at.chapter + 1) : `${at.chapter + 1}.${at.lesson + 1}`;
}

// The editor's state (details form, outline, selection, problems, open dialogs) and what it does:
// save (create or update, problems put on the field they name), then publish after the preview.
export function useCourseEditor(course: Course | null) {
  const { t } = useCourseTexts();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<DetailValues>();
  const [outline, setOutline] = useState<Outline>(() => draftOf(course?.chapters));
  const [selected, setSelected] = useState<string | null>(() => outline[0]?.lessons[0]?.key ?? outline[0]?.key ?? null);
  const [problems, setProblems] = useState<Problems>({});
  const [tab, setTab] = useState<EditorTab>('details');
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const id = course?.id ?? null;
  const canSave = usePermission(id === null ? ['course:create'] : ['course:update']);
  const canPublish = usePermission(['course:publish']);
  const initialDetails = course ? detailsOf(course) : emptyDetails();

  function change(next: Outline) {
    setOutline(next);
    setDirty(true);
  }
  function clearProblem(key: string, field: string) {
    if (!problems[key]?.[field]) return;
    // From the latest state: one edit may clear several fields in a row.
    setProblems((all) => {
      const { [field]: _gone, ...rest } = all[key] ?? {};
      return { ...all, [key]: rest };
    });
  }
  const nodeLabel = (key: string) => {
    const at = placeOf(outline, key);
    if (!at) return '';
    const n = nodeNumber(outline, key);
    return at.lesson < 0 ? t('course.chapterN', { n }) : t('course.lessonN', { n });
  };

  // The outline's problems before sending: empty titles, and the contract's own checks (files,
  // papers, thresholds, rules, prerequisites) with the paths the server would name.
  function outlineProblems(body: ReturnType<typeof coursePayload>): { path: string; text: string }[] {
    const found: { path: string; text: string }[] = [];
    outline.forEach((c, i) => {
      if (!c.title.trim()) found.push({ path: `chapters.${i}.title`, text: t('course.titleRequired') });
      c.lessons.forEach((l, j) => {
        if (!l.title.trim()) found.push({ path: `chapters.${i}.lessons.${j}.title`, text: t('course.titleRequired') });
      });
    });
    for (const p of codedProblems(zCourseCreate, { ...body, id: null }))
      if (p.field.startsWith('chapters.')) found.push({ path: p.field, text: fieldErrorText(p.detail, '') });
    return found;
  }

  function showOutlineProblems(found: { path: string; text: string }[]): boolean {
    const next: Problems = {};
    let first: string | null = null;
    for (const p of found) {
      const target = problemTarget(outline, p.path);
      if (!target) continue;
      next[target.key] = { ...next[target.key], [target.field]: p.text };
      first ??= target.key;
    }
    setProblems(next);
    if (first === null) return false;
    setTab('outline');
    setSelected(first);
    return true;
  }

  async function save(): Promise<number | null> {
    let details: DetailValues;
    try {
      details = { ...initialDetails, ...(await form.validateFields()) };
    } catch {
      setTab('details');
      message.error(t('course.fixDetails'));
      return null;
    }
    const body = coursePayload(id, details, outline);
    if (showOutlineProblems(outlineProblems(body))) {
      message.error(t('course.fixOutline'));
      return null;
    }
    setSaving(true);
    try {
      const saved = (id === null ? await courseApi.create(body) : await courseApi.update(body)) as {
        id?: number;
      } | null;
      const savedId = id ?? saved?.id ?? null;
      setDirty(false);
      message.success(t('course.saved'));
      if (savedId === null) return null;
      if (id === null) {
        await client.invalidateQueries({ queryKey: [COURSE_KEY] });
        navigate(editPath(savedId), { replace: true });
        return savedId;
      }
      // New chapters and lessons have ids now: the next save updates them instead of adding them again.
      const fresh = await courseCalls.select(savedId);
      client.setQueryData([COURSE_KEY, 'select', savedId], fresh);
      setOutline(reseed(outline, fresh.chapters));
      await client.invalidateQueries({ queryKey: [COURSE_KEY, 'page'] });
      return savedId;
    } catch (err) {
      onRefused(err);
      return null;
    } finally {
      setSaving(false);
    }
  }

  // A 501 names its field: under the outline node it points at, or under the details' field.
  function onRefused(err: unknown) {
    if (!(err instanceof ApiError) || err.code !== ResultCode.InvalidParams || !err.detail?.field) return;
    const field = err.detail.field;
    if (field.startsWith('chapters.')) {
      const target = problemTarget(outline, field);
      if (target) err.fieldLabel = nodeLabel(target.key);
      showOutlineProblems([{ path: field, text: fieldErrorText(err.detail, err.message) }]);
    } else if (showServerFieldError(form, err)) setTab('details');
  }

  // Publishing what is on screen: saved first when it changed, then the preview and the publish
  // (a new course is saved, and so gets its id, before it can be published).
  async function publish() {
    if (id === null) return;
    if (!dirty || (await save()) !== null) setPublishing(true);
  }

  async function published() {
    setPublishing(false);
    if (id === null) return;
    await client.invalidateQueries({ queryKey: [COURSE_KEY] });
  }

  return {
    id,
    course,
    form,
    initialDetails,
    outline,
    change,
    selected,
    setSelected,
    problems,
    clearProblem,
    nodeLabel,
    tab,
    setTab,
    dirty,
    setDirty,
    saving,
    save,
    canSave,
    canPublish,
    publishing,
    setPublishing,
    publish,
    published,
    previewing,
    setPreviewing,
  };
}

export type CourseEditorState = ReturnType<typeof useCourseEditor>;
