import { BookOutlined, ClockCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { enrolmentSourceLabels, LearnerStatus, labelOf, learnerStatusLabels, type MyCourse } from '@lyceum/contract';
import { Button, Progress, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useLang } from '../../shell/i18n';
import { TIME } from '../../ui/portal-format';
import { coursePlayerPath } from './course-api';
import { useMyCourseTexts } from './course-texts';

// The course's cover, or a plain tile with a book when it has none (decorative: the title says it all).
export function CourseCover({ url, small }: { url: string | null; small?: boolean }) {
  return (
    <div className={`my-course-cover${small ? ' is-small' : ''}${url ? '' : ' is-blank'}`} aria-hidden="true">
      {url ? <img src={url} alt="" loading="lazy" /> : <BookOutlined />}
    </div>
  );
}

const percent = (v: number) => Math.round(v);

// One course the student takes: what it is, how far they are, when it is due, and the way back in
// (the lesson they were last on).
export function CourseCard({ course, now }: { course: MyCourse; now: number }) {
  const { t } = useMyCourseTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const done = course.status === LearnerStatus.Completed;
  const overdue = !done && course.dueTime !== null && Date.parse(course.dueTime) < now;
  const action = done ? 'review' : course.status === LearnerStatus.NotStarted ? 'start' : 'continue';
  const go = () => navigate(coursePlayerPath(course.id, course.lastLessonId));
  const titleId = `my-course-${course.id}-title`;

  return (
    <article className="my-course-card" aria-labelledby={titleId} data-testid="my-course">
      <CourseCover url={course.coverUrl} />
      <div className="my-course-body">
        <Typography.Title level={5} id={titleId} className="my-course-title">
          {course.title}
        </Typography.Title>
        <Space size={[6, 6]} wrap className="my-course-tags">
          <Tag color={course.required ? 'blue' : 'default'}>
            {course.required ? t('myCourse.requiredTag') : t('myCourse.electiveTag')}
          </Tag>
          <Tag>{labelOf(enrolmentSourceLabels, course.source, lang)}</Tag>
          <Tag color={learnerStatusLabels[course.status].color} data-testid="my-course-status">
            {labelOf(learnerStatusLabels, course.status, lang)}
          </Tag>
          {course.newLessons > 0 && (
            <Tag color="gold" data-testid="my-course-new">
              {t('myCourse.newLessons', { count: course.newLessons })}
            </Tag>
          )}
          {course.creditHours > 0 && (
            <Typography.Text type="secondary">
              {t('myCourse.creditHours', { hours: course.creditHours })}
            </Typography.Text>
          )}
        </Space>
        <Progress
          percent={percent(course.progress)}
          size="small"
          status={done ? 'success' : 'normal'}
          format={(p) => `${p} %`}
          aria-label={t('myCourse.progressOf', { title: course.title })}
          data-testid="my-course-progress"
        />
        <Typography.Text type="secondary" className="my-course-line">
          {t('myCourse.lessonsDone', { done: course.lessonsDone, total: course.lessons })}
        </Typography.Text>
        {course.dueTime !== null && (
          <Typography.Text
            type={overdue ? 'danger' : undefined}
            className={`my-course-line my-course-due${overdue ? ' is-overdue' : ''}`}
            data-testid="my-course-due"
          >
            {overdue ? <WarningOutlined /> : <ClockCircleOutlined />}{' '}
            {t(overdue ? 'myCourse.overdueSince' : 'myCourse.dueOn', { time: dayjs(course.dueTime).format(TIME) })}
          </Typography.Text>
        )}
        {course.lastLessonTitle && !done && (
          <Typography.Text className="my-course-line" ellipsis>
            {t('myCourse.lastLesson', { title: course.lastLessonTitle })}
          </Typography.Text>
        )}
        <div className="my-course-actions">
          <Button
            type={done ? 'default' : 'primary'}
            onClick={go}
            aria-label={t(`myCourse.${action}Of`, { title: course.title })}
          >
            {t(`myCourse.${action}`)}
          </Button>
        </div>
      </div>
    </article>
  );
}
