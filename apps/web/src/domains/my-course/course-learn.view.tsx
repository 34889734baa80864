import { ArrowLeftOutlined, ClockCircleOutlined } from '@ant-design/icons';
import {
  type LearnCourse,
  LearnerStatus,
  type LessonProgressResult,
  labelOf,
  learnerStatusLabels,
} from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Progress, Result, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useLang } from '../../shell/i18n';
import { TIME } from '../../ui/portal-format';
import { coursePlayerPath, fetchLearn, MY_COURSE_KEY, MY_COURSES_PATH } from './course-api';
import { CourseOutline, WhyIncomplete } from './course-outline';
import { useMyCourseTexts } from './course-texts';
import { LessonPanel } from './lesson-panel';
import { lessonsIn, startingLesson } from './lesson-words';
import { useTabActive, useTabNumber } from './use-tab-active';
import './my-course.css';

const isDone = (l: { state: { status: number } }) => l.state.status === LearnerStatus.Completed;

function CourseHead({ course }: { course: LearnCourse }) {
  const { t } = useMyCourseTexts();
  const lang = useLang();
  const navigate = useNavigate();
  const done = course.status === LearnerStatus.Completed;
  const overdue = !done && course.dueTime !== null && Date.parse(course.dueTime) < Date.now();
  return (
    <Card size="small" className="course-head">
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={() => navigate(MY_COURSES_PATH)}
        className="course-back"
      >
        {t('myCourse.backToCourses')}
      </Button>
      <Flex wrap gap={16} justify="space-between" align="center">
        <div className="course-head-text">
          <Typography.Title level={3} className="course-head-title">
            {course.title}
          </Typography.Title>
          <Space size={[6, 6]} wrap>
            <Tag color={course.required ? 'blue' : 'default'}>
              {course.required ? t('myCourse.requiredTag') : t('myCourse.electiveTag')}
            </Tag>
            <Tag color={learnerStatusLabels[course.status].color} data-testid="course-status">
              {labelOf(learnerStatusLabels, course.status, lang)}
            </Tag>
            {course.dueTime !== null && (
              <Typography.Text type={overdue ? 'danger' : 'secondary'}>
                <ClockCircleOutlined />{' '}
                {t(overdue ? 'myCourse.overdueSince' : 'myCourse.dueOn', { time: dayjs(course.dueTime).format(TIME) })}
              </Typography.Text>
            )}
          </Space>
        </div>
        <div className="course-head-progress">
          <Typography.Text type="secondary" id="course-progress-label">
            {t('myCourse.courseProgress')}
          </Typography.Text>
          <Progress
            percent={Math.round(course.progress)}
            status={done ? 'success' : 'normal'}
            // The figure even at 100 % (antd shows only a tick then).
            format={(p) => `${p} %`}
            aria-labelledby="course-progress-label"
            data-testid="course-progress"
          />
        </div>
      </Flex>
      <WhyIncomplete course={course} />
      {course.retired.length > 0 && (
        <Alert
          className="course-retired"
          type="info"
          showIcon
          title={t('myCourse.retired', {
            count: course.retired.length,
            titles: course.retired.map((r) => r.title).join(', '),
          })}
        />
      )}
    </Card>
  );
}

// The course player (?courseId=, optionally &lessonId=): the course's progress on top, the lesson
// in the middle, the outline beside it (below it on narrow screens). Without a lesson in the address
// it resumes where the student left off, on whichever device that was.
export default function CourseLearnView() {
  const { t } = useMyCourseTexts();
  const navigate = useNavigate();
  const client = useQueryClient();
  const active = useTabActive();
  const courseId = useTabNumber('courseId');
  const lessonId = useTabNumber('lessonId');
  const learnKey = useMemo(() => [MY_COURSE_KEY, 'learn', courseId], [courseId]);
  const learn = useQuery({
    queryKey: learnKey,
    queryFn: ({ signal }) => fetchLearn(courseId as number, { signal }),
    enabled: courseId !== null,
    retry: false,
  });
  const course = learn.data;
  const lessons = useMemo(() => (course ? lessonsIn(course.chapters) : []), [course]);
  const start = course ? startingLesson(course.chapters, course.resume, isDone) : null;
  const current = lessons.find((l) => l.id === lessonId) ?? start;
  const at = current ? lessons.indexOf(current) : -1;

  // A lesson chosen by the person (outline, previous, next) is brought into view: on a phone the
  // outline sits below the lesson.
  const chosen = useRef(false);
  const select = useCallback(
    (id: number) => {
      if (courseId === null) return;
      chosen.current = true;
      navigate(coursePlayerPath(courseId, id), { replace: true });
    },
    [courseId, navigate],
  );
  const currentId = current?.id;
  useEffect(() => {
    if (currentId === undefined || !chosen.current) return;
    chosen.current = false;
    document.getElementById('course-lesson-title')?.scrollIntoView({ block: 'nearest' });
  }, [currentId]);
  // The lesson chosen goes into the address, so the tab (and a reload) stays on it.
  useEffect(() => {
    if (active && courseId !== null && currentId !== undefined && lessonId !== currentId) {
      navigate(coursePlayerPath(courseId, currentId), { replace: true });
    }
  }, [active, courseId, currentId, lessonId, navigate]);

  const refresh = useCallback(() => client.invalidateQueries({ queryKey: learnKey }), [client, learnKey]);
  // A report's answer: the lesson's state and the course's progress, without reading it all again;
  // a lesson newly complete may open others, so then the outline is read again.
  const onProgress = useCallback(
    (r: LessonProgressResult) => {
      let statusChanged = false;
      client.setQueryData<LearnCourse>(learnKey, (old) => {
        if (!old) return old;
        const chapters = old.chapters.map((c) => ({
          ...c,
          lessons: c.lessons.map((l) => {
            if (l.id !== r.state.lessonId) return l;
            statusChanged = isDone(l) !== (r.state.status === LearnerStatus.Completed);
            return { ...l, state: r.state };
          }),
        }));
        return { ...old, chapters, progress: r.courseProgress, status: r.courseStatus };
      });
      if (statusChanged) void refresh();
      void client.invalidateQueries({ queryKey: [MY_COURSE_KEY, 'my'], refetchType: 'none' });
    },
    [client, learnKey, refresh],
  );

  const back = <Button onClick={() => navigate(MY_COURSES_PATH)}>{t('myCourse.backToCourses')}</Button>;
  if (courseId === null) return <Result status="info" subTitle={t('myCourse.noCourse')} extra={back} />;
  if (learn.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (!course)
    return <Result status="404" subTitle={t('myCourse.notFound')} extra={back} data-testid="course-not-found" />;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="course-player">
      <CourseHead course={course} />
      {lessons.length === 0 ? (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('myCourse.emptyCourse')} />
        </Card>
      ) : (
        <div className="course-player-body">
          <Card size="small" className="course-player-main">
            {current ? (
              <LessonPanel
                key={current.id}
                courseId={course.id}
                lesson={current}
                prev={lessons[at - 1] ?? null}
                next={lessons[at + 1] ?? null}
                active={active}
                onSelect={select}
                onProgress={onProgress}
                onRefresh={refresh}
              />
            ) : (
              <Empty description={t('myCourse.chooseLesson')} />
            )}
          </Card>
          <Card size="small" className="course-player-side">
            <CourseOutline course={course} currentId={current?.id ?? null} onOpen={select} />
          </Card>
        </div>
      )}
    </Space>
  );
}
