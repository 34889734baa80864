import { CheckCircleFilled, LockOutlined } from '@ant-design/icons';
import { type LearnCourse, LearnerStatus, labelOf, learnerStatusLabels, lessonTypeLabels } from '@lyceum/contract';
import { Collapse, Progress, Tag, Typography } from 'antd';
import { useLang } from '../../shell/i18n';
import type { LearnLesson } from './course-api';
import { useMyCourseTexts } from './course-texts';
import { LESSON_ICONS, lessonsIn } from './lesson-words';

const joined = (items: string[]) => items.join(', ');

function LessonStatus({ lesson }: { lesson: LearnLesson }) {
  const { t } = useMyCourseTexts();
  const { state } = lesson;
  if (state.locked) return <LockOutlined className="course-outline-lock" aria-label={t('myCourse.locked')} />;
  if (state.status === LearnerStatus.Completed)
    return <CheckCircleFilled className="course-outline-done" aria-hidden="true" />;
  return (
    <Progress
      type="circle"
      size={22}
      percent={Math.round(state.percent)}
      showInfo={false}
      aria-hidden="true"
      className="course-outline-ring"
    />
  );
}

// One lesson of the outline: its type, title, status and per cent; why it is locked; NEW when it was
// published since the student last came.
function OutlineLesson({
  lesson,
  current,
  onOpen,
}: {
  lesson: LearnLesson;
  current: boolean;
  onOpen: (lessonId: number) => void;
}) {
  const { t } = useMyCourseTexts();
  const lang = useLang();
  const { state } = lesson;
  const status = state.locked
    ? t('myCourse.lockedBy', { items: joined(state.lockedBy) })
    : `${labelOf(learnerStatusLabels, state.status, lang)} ${Math.round(state.percent)} %`;
  return (
    <li>
      <button
        type="button"
        className={`course-outline-lesson${current ? ' is-current' : ''}${state.locked ? ' is-locked' : ''}`}
        aria-current={current ? 'true' : undefined}
        onClick={() => onOpen(lesson.id)}
        data-testid="outline-lesson"
        data-lesson={lesson.id}
      >
        <span className="course-outline-type" aria-hidden="true">
          {LESSON_ICONS[lesson.lessonType]}
        </span>
        <span className="course-outline-text">
          <span className="course-outline-title">
            <span className="course-sr-only">{labelOf(lessonTypeLabels, lesson.lessonType, lang)}: </span>
            {lesson.title}
            {lesson.isNew && (
              <Tag color="gold" className="course-outline-new">
                {t('myCourse.newTag')}
              </Tag>
            )}
          </span>
          <span className="course-outline-status">{status}</span>
        </span>
        <LessonStatus lesson={lesson} />
      </button>
    </li>
  );
}

// The course's chapters and lessons, the current one marked; a locked chapter says what opens it.
export function CourseOutline({
  course,
  currentId,
  onOpen,
}: {
  course: LearnCourse;
  currentId: number | null;
  onOpen: (lessonId: number) => void;
}) {
  const { t } = useMyCourseTexts();
  return (
    <nav className="course-outline" aria-label={t('myCourse.outline')}>
      <Typography.Title level={5} className="course-outline-heading">
        {t('myCourse.outline')}
      </Typography.Title>
      {course.chapters.map((chapter) => (
        <section key={chapter.id} className="course-outline-chapter" aria-labelledby={`chapter-${chapter.id}`}>
          <h3 id={`chapter-${chapter.id}`} className="course-outline-chapter-title">
            {chapter.locked && <LockOutlined aria-hidden="true" />} {chapter.title}
          </h3>
          {chapter.locked && chapter.lockedBy.length > 0 && (
            <Typography.Text type="secondary" className="course-outline-note">
              {t('myCourse.chapterLocked', { items: joined(chapter.lockedBy) })}
            </Typography.Text>
          )}
          <ul className="course-outline-lessons">
            {chapter.lessons.map((lesson) => (
              <OutlineLesson key={lesson.id} lesson={lesson} current={lesson.id === currentId} onOpen={onOpen} />
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

// "Why isn't this complete?": each lesson not done yet with what it still needs, in the server's words.
export function WhyIncomplete({ course }: { course: LearnCourse }) {
  const { t } = useMyCourseTexts();
  const missing = lessonsIn(course.chapters).filter((l) => l.state.status !== LearnerStatus.Completed);
  if (course.status === LearnerStatus.Completed || missing.length === 0) return null;
  return (
    <Collapse
      size="small"
      className="course-why"
      items={[
        {
          key: 'why',
          label: t('myCourse.whyTitle'),
          children: (
            <>
              <Typography.Paragraph type="secondary">{t('myCourse.whyIntro')}</Typography.Paragraph>
              <ul className="course-why-list" data-testid="why-list">
                {missing.map((l) => (
                  <li key={l.id}>
                    <Typography.Text strong>{l.title}</Typography.Text>
                    {': '}
                    {l.state.locked
                      ? t('myCourse.whyLocked', { items: joined(l.state.lockedBy) })
                      : (l.state.missing ?? '')}
                  </li>
                ))}
              </ul>
            </>
          ),
        },
      ]}
    />
  );
}
