import { LockOutlined } from '@ant-design/icons';
import { CompletionRule, completionRuleLabels, LessonType, labelOf, lessonTypeLabels } from '@lyceum/contract';
import { Drawer, Empty, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { RichHtml } from '../../rich-text/rich-html';
import { useLang } from '../../shell/i18n';
import { useIsMobile } from '../../shell/layout/use-device';
import type { DetailValues } from './course-form';
import { useCourseTexts } from './course-texts';
import { LessonContent } from './lesson-content';
import type { DraftLesson } from './outline-draft';
import { LESSON_ICONS } from './outline-rows';
import type { CourseEditorState } from './use-course-editor';

// How a lesson counts as done, in words ("Watched at least 90 %").
export function useRuleText() {
  const { t } = useCourseTexts();
  const lang = useLang();
  return (l: Pick<DraftLesson, 'completionRule' | 'threshold'>) => {
    const rule = labelOf(completionRuleLabels, l.completionRule, lang);
    if (l.threshold === null) return rule;
    if (l.completionRule === CompletionRule.Watched) return `${rule} ${l.threshold} %`;
    if (l.completionRule === CompletionRule.QuizScore) return `${rule} ${l.threshold} ${t('course.scoreUnit')}`;
    return rule;
  };
}

// "Preview as a student": the draft as it is on screen (saved or not), read-only, with each
// lesson's content as the student's player shows it.
export function CoursePreview({ editor }: { editor: CourseEditorState }) {
  const { t } = useCourseTexts();
  const isMobile = useIsMobile();
  const open = editor.previewing;
  return (
    <Drawer
      open={open}
      onClose={() => editor.setPreviewing(false)}
      title={t('course.previewTitle')}
      size={isMobile ? '100%' : 1080}
      destroyOnHidden
    >
      {open && (
        <PreviewBody details={{ ...editor.initialDetails, ...editor.form.getFieldsValue(true) }} editor={editor} />
      )}
    </Drawer>
  );
}

function PreviewBody({ details, editor }: { details: DetailValues; editor: CourseEditorState }) {
  const { t } = useCourseTexts();
  const lang = useLang();
  const ruleText = useRuleText();
  const { outline } = editor;
  const lessons = outline.flatMap((c) => c.lessons);
  const [current, setCurrent] = useState<string | null>(() =>
    editor.selected && lessons.some((l) => l.key === editor.selected) ? editor.selected : (lessons[0]?.key ?? null),
  );
  const lesson = lessons.find((l) => l.key === current) ?? null;
  // What the lesson waits for: its own prerequisites and its chapter's.
  const chapterOf = outline.find((c) => c.lessons.some((l) => l.key === current));
  const waitsFor = lesson ? [...(chapterOf?.requires ?? []), ...lesson.requires] : [];
  const titleOf = (key: string) =>
    outline.find((c) => c.key === key)?.title ?? lessons.find((l) => l.key === key)?.title ?? '';

  return (
    <div className="course-preview">
      <header className="course-preview-head">
        {details.coverUrl && <img src={details.coverUrl} alt="" className="course-preview-cover" />}
        <div>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {details.title || t('course.newCourse')}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t(details.required ? 'course.required' : 'course.elective')} ·{' '}
            {t('course.creditHoursN', { n: details.creditHours ?? 0 })} ·{' '}
            {t('course.lessonsN', { count: lessons.length })}
            {details.sequential && ` · ${t('course.sequentialShort')}`}
          </Typography.Text>
          {details.description && <RichHtml html={details.description} className="course-preview-description" />}
        </div>
      </header>
      {!lessons.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('course.previewEmpty')} />
      ) : (
        <div className="course-preview-main">
          <nav className="course-preview-outline" aria-label={t('course.outline')}>
            {outline.map((c, ci) => (
              <section key={c.key}>
                <Typography.Text strong>
                  {t('course.chapterN', { n: ci + 1 })} · {c.title || t('course.untitled')}
                </Typography.Text>
                <ul>
                  {c.lessons.map((l, li) => (
                    <li key={l.key}>
                      <button
                        type="button"
                        className={`course-preview-lesson${l.key === current ? ' is-current' : ''}`}
                        aria-current={l.key === current || undefined}
                        onClick={() => setCurrent(l.key)}
                      >
                        <span aria-hidden>{LESSON_ICONS[l.lessonType]}</span>
                        <span className="course-node-title">
                          {ci + 1}.{li + 1} {l.title || t('course.untitled')}
                        </span>
                        {(l.requires.length > 0 || c.requires.length > 0) && (
                          <LockOutlined aria-label={t('course.hasPrerequisites')} />
                        )}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
          <article className="course-preview-lesson-body" aria-live="polite">
            {lesson && (
              <>
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {lesson.title || t('course.untitled')}
                </Typography.Title>
                <Space size={4} wrap className="course-preview-tags">
                  <Tag>{labelOf(lessonTypeLabels, lesson.lessonType, lang)}</Tag>
                  <Tag color="blue">{t('course.doneWhen', { rule: ruleText(lesson) })}</Tag>
                </Space>
                {waitsFor.length > 0 && (
                  <Typography.Paragraph type="secondary">
                    <LockOutlined />{' '}
                    {t('course.opensAfter', { names: waitsFor.map(titleOf).join(t('course.listJoin')) })}
                  </Typography.Paragraph>
                )}
                <LessonContent lesson={lesson} />
                {lesson.lessonType === LessonType.Live && (
                  <Typography.Paragraph type="secondary">{t('course.liveComing')}</Typography.Paragraph>
                )}
              </>
            )}
          </article>
        </div>
      )}
    </div>
  );
}
