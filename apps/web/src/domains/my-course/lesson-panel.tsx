import { CheckOutlined, LeftOutlined, LockOutlined, RightOutlined, UndoOutlined } from '@ant-design/icons';
import {
  CompletionRule,
  LearnerStatus,
  type LessonProgressResult,
  LessonType,
  labelOf,
  learnerStatusLabels,
  lessonTypeLabels,
} from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useCallback, useState } from 'react';
import { useLang } from '../../shell/i18n';
import { ApiError } from '../../shell/request';
import { errorSentence } from '../../shell/server-error';
import { TIME } from '../../ui/portal-format';
import { type LearnLesson, MY_COURSE_KEY, markDone, openLesson } from './course-api';
import { useMyCourseTexts } from './course-texts';
import { ArticleLesson, DocumentLesson, LiveLesson, QuizLesson } from './lesson-content';
import { LESSON_ICONS, ruleText } from './lesson-words';
import { VideoLesson } from './video-lesson';

interface Props {
  courseId: number;
  lesson: LearnLesson;
  prev: LearnLesson | null;
  next: LearnLesson | null;
  active: boolean;
  onSelect: (lessonId: number) => void;
  onProgress: (result: LessonProgressResult) => void;
  // Reads the outline again (after opening a lesson, after a quiz).
  onRefresh: () => Promise<unknown>;
}

// "Mark as done" and its undo, where the lesson's rule lets the student say so.
function MarkDone({ lesson, onProgress }: { lesson: LearnLesson; onProgress: Props['onProgress'] }) {
  const { t } = useMyCourseTexts();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const done = lesson.state.status === LearnerStatus.Completed;
  const toggle = async () => {
    setBusy(true);
    try {
      onProgress(await markDone(lesson.id, !done));
      message.success(t(done ? 'myCourse.unmarked' : 'myCourse.markedDone'));
    } catch {
      // The request client has said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type={done ? 'default' : 'primary'}
      icon={done ? <UndoOutlined /> : <CheckOutlined />}
      loading={busy}
      onClick={toggle}
      data-testid="mark-done"
    >
      {t(done ? 'myCourse.undoDone' : 'myCourse.markDone')}
    </Button>
  );
}

// The lesson area: opens the lesson (the server marks it viewed and gives the nonce for the
// player's reports) and shows it by its type, with its rule, its state and the way on.
export function LessonPanel({ courseId, lesson, prev, next, active, onSelect, onProgress, onRefresh }: Props) {
  const { t } = useMyCourseTexts();
  const lang = useLang();
  const [opening, setOpening] = useState(0);
  const locked = lesson.state.locked;
  const opened = useQuery({
    queryKey: [MY_COURSE_KEY, 'open', lesson.id, opening],
    queryFn: async () => {
      const answer = await openLesson(lesson.id);
      // Opening changes what the outline shows (viewed, NEW, where to resume).
      void onRefresh();
      return answer;
    },
    enabled: !locked,
    // While the same lesson opens again, the player stays (and keeps its place).
    placeholderData: (previous) => (previous?.lessonId === lesson.id ? previous : undefined),
    // Each opening is a new nonce: never served from the cache, never refetched behind the player's back.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const reopen = useCallback(() => setOpening((n) => n + 1), []);
  const { state } = lesson;
  const done = state.status === LearnerStatus.Completed;

  let body: ReactNode = null;
  if (locked) {
    body = (
      <Alert
        type="info"
        showIcon
        icon={<LockOutlined />}
        title={t('myCourse.lockedLesson', { items: state.lockedBy.join(', ') })}
        data-testid="lesson-locked"
      />
    );
  } else if (opened.isError) {
    const err = opened.error;
    body = (
      <Alert
        type="error"
        showIcon
        title={t('myCourse.openFailed')}
        description={err instanceof ApiError ? errorSentence(err.detail, err.message) : undefined}
        action={<Button onClick={reopen}>{t('myCourse.retry')}</Button>}
      />
    );
  } else if (opened.data) {
    const o = opened.data;
    body =
      o.lessonType === LessonType.Video ? (
        <VideoLesson
          key={o.lessonId}
          opened={o}
          lesson={lesson}
          active={active}
          onProgress={onProgress}
          onReopen={reopen}
        />
      ) : o.lessonType === LessonType.Document ? (
        <DocumentLesson opened={o} />
      ) : o.lessonType === LessonType.Article ? (
        <ArticleLesson opened={o} />
      ) : o.lessonType === LessonType.Quiz ? (
        <QuizLesson opened={o} lesson={lesson} onRefresh={onRefresh} />
      ) : (
        <LiveLesson courseId={courseId} lessonId={lesson.id} />
      );
  } else body = <div className="course-lesson-loading" aria-busy="true" />;

  return (
    <section className="course-lesson" aria-labelledby="course-lesson-title" data-testid="lesson-panel">
      <Space size={[8, 4]} wrap className="course-lesson-meta">
        <Tag icon={LESSON_ICONS[lesson.lessonType]}>{labelOf(lessonTypeLabels, lesson.lessonType, lang)}</Tag>
        <Tag color={learnerStatusLabels[state.status].color} data-testid="lesson-status">
          {labelOf(learnerStatusLabels, state.status, lang)}
        </Tag>
        {lesson.isNew && <Tag color="gold">{t('myCourse.newTag')}</Tag>}
      </Space>
      <Typography.Title level={4} id="course-lesson-title" className="course-lesson-title">
        {lesson.title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="course-lesson-rule">
        {ruleText(lesson, t)}
        {done && state.completedAt && ` ${t('myCourse.completedAt', { time: dayjs(state.completedAt).format(TIME) })}`}
      </Typography.Paragraph>
      {body}
      <Flex wrap gap={8} justify="space-between" className="course-lesson-foot">
        <Space wrap>
          {!locked && lesson.completionRule === CompletionRule.MarkedDone && (
            <MarkDone lesson={lesson} onProgress={onProgress} />
          )}
        </Space>
        <Space wrap>
          {prev && (
            <Button icon={<LeftOutlined />} onClick={() => onSelect(prev.id)}>
              {t('myCourse.previousLesson')}
            </Button>
          )}
          {next && (
            <Button onClick={() => onSelect(next.id)} data-testid="next-lesson">
              {t('myCourse.nextLesson')} <RightOutlined />
            </Button>
          )}
        </Space>
      </Flex>
    </section>
  );
}
