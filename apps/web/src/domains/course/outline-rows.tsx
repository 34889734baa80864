import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  ExclamationCircleFilled,
  FileTextOutlined,
  FormOutlined,
  HolderOutlined,
  LockOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  ReadOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { LessonType, labelOf, lessonTypeLabels } from '@lyceum/contract';
import { Button, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useConfirm } from '../../crud/confirm';
import { useLang } from '../../shell/i18n';
import { useCourseTexts } from './course-texts';
import {
  addLesson,
  canStep,
  type DraftChapter,
  type DraftLesson,
  emptyLesson,
  moveStep,
  removeNode,
} from './outline-draft';
import type { CourseEditorState } from './use-course-editor';

export const LESSON_ICONS: Record<LessonType, ReactNode> = {
  [LessonType.Video]: <PlayCircleOutlined />,
  [LessonType.Document]: <FileTextOutlined />,
  [LessonType.Article]: <ReadOutlined />,
  [LessonType.Quiz]: <FormOutlined />,
  [LessonType.Live]: <VideoCameraOutlined />,
};

// Focus follows a moved node's button (a move across chapters mounts the row anew).
function focusLater(id: string) {
  requestAnimationFrame(() => {
    const el = document.getElementById(id);
    if (el && !(el as HTMLButtonElement).disabled) el.focus();
    else document.getElementById(id.replace(/-(up|down)$/, '-select'))?.focus();
  });
}

// A node's own buttons: a step up, a step down, remove (asked first unless it is new and empty).
function NodeButtons({
  editor,
  nodeKey,
  name,
  empty,
}: {
  editor: CourseEditorState;
  nodeKey: string;
  name: string;
  empty: boolean;
}) {
  const { t } = useCourseTexts();
  const confirm = useConfirm();
  const { outline } = editor;
  const step = (delta: -1 | 1) => {
    editor.change(moveStep(outline, nodeKey, delta));
    focusLater(`node-${nodeKey}-${delta < 0 ? 'up' : 'down'}`);
  };
  const remove = () => {
    const drop = () => {
      editor.change(removeNode(outline, nodeKey));
      if (editor.selected === nodeKey) editor.setSelected(null);
    };
    if (empty) return drop();
    confirm({ title: t('course.removeConfirm', { name }), content: t('course.removeHint'), danger: true, onOk: drop });
  };
  return (
    <span className="course-node-buttons">
      <Button
        id={`node-${nodeKey}-up`}
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        disabled={!canStep(outline, nodeKey, -1)}
        aria-label={t('course.moveUp', { name })}
        onClick={() => step(-1)}
      />
      <Button
        id={`node-${nodeKey}-down`}
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        disabled={!canStep(outline, nodeKey, 1)}
        aria-label={t('course.moveDown', { name })}
        onClick={() => step(1)}
      />
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('course.remove', { name })}
        onClick={remove}
      />
    </span>
  );
}

// The handle dragged with the mouse, or lifted with Space and moved with the arrows.
function Handle(props: { name: string; bind: ReturnType<typeof useSortable> }) {
  const { t } = useCourseTexts();
  const { attributes, listeners, setActivatorNodeRef } = props.bind;
  return (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="course-handle"
      {...attributes}
      {...listeners}
      aria-label={t('course.dragHandle', { name: props.name })}
    >
      <HolderOutlined />
    </button>
  );
}

// Whether a node has a problem to show (a red mark, with the first problem as its hint).
function ProblemMark({ problems }: { problems: Record<string, string> | undefined }) {
  const first = problems && Object.values(problems)[0];
  if (!first) return null;
  return (
    <Tooltip title={first}>
      <ExclamationCircleFilled className="course-problem-mark" aria-label={first} />
    </Tooltip>
  );
}

export function ChapterBlock({
  editor,
  chapter,
  index,
  children,
}: {
  editor: CourseEditorState;
  chapter: DraftChapter;
  index: number;
  children: ReactNode;
}) {
  const { t } = useCourseTexts();
  const bind = useSortable({ id: chapter.key, disabled: !editor.canSave });
  const name = `${t('course.chapterN', { n: index + 1 })} ${chapter.title}`.trim();
  const selected = editor.selected === chapter.key;
  const addOne = () => {
    const lesson = emptyLesson(t('course.lessonDefault', { n: chapter.lessons.length + 1 }));
    editor.change(addLesson(editor.outline, chapter.key, lesson));
    editor.setSelected(lesson.key);
  };
  return (
    <li
      ref={bind.setNodeRef}
      className={`course-chapter${bind.isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(bind.transform), transition: bind.transition }}
    >
      <div className={`course-node course-chapter-head${selected ? ' is-selected' : ''}`}>
        {editor.canSave && <Handle name={name} bind={bind} />}
        <button
          type="button"
          id={`node-${chapter.key}-select`}
          className="course-node-main"
          aria-current={selected || undefined}
          onClick={() => editor.setSelected(chapter.key)}
        >
          <Typography.Text strong className="course-node-number">
            {t('course.chapterN', { n: index + 1 })}
          </Typography.Text>
          <span className="course-node-title">{chapter.title || t('course.untitled')}</span>
          {chapter.requires.length > 0 && <LockOutlined aria-label={t('course.hasPrerequisites')} />}
          <ProblemMark problems={editor.problems[chapter.key]} />
        </button>
        {editor.canSave && (
          <>
            <Tooltip title={t('course.addLesson')}>
              <Button
                type="text"
                size="small"
                icon={<PlusOutlined />}
                aria-label={t('course.addLessonTo', { name })}
                onClick={addOne}
              />
            </Tooltip>
            <NodeButtons
              editor={editor}
              nodeKey={chapter.key}
              name={name}
              empty={!chapter.lessons.length && chapter.id === null}
            />
          </>
        )}
      </div>
      {children}
    </li>
  );
}

export function LessonRow({
  editor,
  lesson,
  number,
}: {
  editor: CourseEditorState;
  lesson: DraftLesson;
  number: string;
}) {
  const { t } = useCourseTexts();
  const lang = useLang();
  const bind = useSortable({ id: lesson.key, disabled: !editor.canSave });
  const name = `${t('course.lessonN', { n: number })} ${lesson.title}`.trim();
  const selected = editor.selected === lesson.key;
  const type = labelOf(lessonTypeLabels, lesson.lessonType, lang);
  const empty = lesson.id === null && !lesson.fileUrl && !lesson.body && lesson.paperId === null;
  return (
    <li
      ref={bind.setNodeRef}
      className={`course-node course-lesson${selected ? ' is-selected' : ''}${bind.isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(bind.transform), transition: bind.transition }}
    >
      {editor.canSave && <Handle name={name} bind={bind} />}
      <button
        type="button"
        id={`node-${lesson.key}-select`}
        className="course-node-main"
        aria-current={selected || undefined}
        onClick={() => editor.setSelected(lesson.key)}
      >
        <span className="course-node-number">{number}</span>
        <Tooltip title={type}>
          <span className="course-lesson-icon" role="img" aria-label={type}>
            {LESSON_ICONS[lesson.lessonType]}
          </span>
        </Tooltip>
        <span className="course-node-title">{lesson.title || t('course.untitled')}</span>
        {lesson.requires.length > 0 && <LockOutlined aria-label={t('course.hasPrerequisites')} />}
        <ProblemMark problems={editor.problems[lesson.key]} />
      </button>
      {editor.canSave && <NodeButtons editor={editor} nodeKey={lesson.key} name={name} empty={empty} />}
    </li>
  );
}
