import { DownloadOutlined, ExportOutlined, FormOutlined, ReloadOutlined } from '@ant-design/icons';
import { CompletionRule, type MyLiveClass, type OpenLesson } from '@lyceum/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Skeleton, Space, Typography } from 'antd';
import { useCallback, useEffect } from 'react';
import { RichHtml } from '../../rich-text/rich-html';
import { PlainList } from '../../shell/plain-list';
import { LiveClassLine } from '../../ui/live-class-line';
import { fetchMyLive, MY_LIVE_KEY, useLiveJoin } from '../../ui/live-join';
import type { LearnLesson } from './course-api';
import { useMyCourseTexts } from './course-texts';

const number = (v: number) => String(Math.round(v * 100) / 100);

// Shown in the page: PDFs and plain text in a frame, images as they are; Office files are downloads.
const FRAMED = /^(application\/pdf|text\/plain)/;

export function DocumentLesson({ opened }: { opened: OpenLesson }) {
  const { t } = useMyCourseTexts();
  const url = opened.fileUrl;
  const type = opened.contentType ?? '';
  if (!url) return <Alert type="warning" showIcon title={t('myCourse.openFailed')} />;
  const download = (
    <Button icon={<DownloadOutlined />} href={url} download>
      {t('myCourse.download')}
    </Button>
  );
  if (FRAMED.test(type))
    return (
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <iframe
          className="course-document"
          src={url}
          title={t('myCourse.documentLabel', { title: opened.title })}
          data-testid="lesson-document"
        />
        <Space wrap>
          <Button icon={<ExportOutlined />} href={url} target="_blank" rel="noopener">
            {t('myCourse.openInNewTab')}
          </Button>
          {download}
        </Space>
      </Space>
    );
  if (type.startsWith('image/'))
    return <img className="course-image" src={url} alt={opened.title} data-testid="lesson-document" />;
  return (
    <Alert
      type="info"
      showIcon
      title={t('myCourse.officeHint')}
      action={download}
      data-testid="lesson-document"
      className="course-office"
    />
  );
}

export function ArticleLesson({ opened }: { opened: OpenLesson }) {
  return (
    <div className="course-article" data-testid="lesson-article">
      <RichHtml html={opened.body} />
    </div>
  );
}

// A quiz lesson: taken on the exam page in a new tab; when the student comes back to this page
// (focus, or the page shown again) the outline, with the best score, is read again.
export function QuizLesson({
  opened,
  lesson,
  onRefresh,
}: {
  opened: OpenLesson;
  lesson: LearnLesson;
  onRefresh: () => Promise<unknown>;
}) {
  const { t } = useMyCourseTexts();
  const refresh = useCallback(() => void onRefresh(), [onRefresh]);
  useEffect(() => {
    const onBack = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('focus', onBack);
    document.addEventListener('visibilitychange', onBack);
    return () => {
      window.removeEventListener('focus', onBack);
      document.removeEventListener('visibilitychange', onBack);
    };
  }, [refresh]);
  const best = lesson.state.quizScore;
  const needed = lesson.completionRule === CompletionRule.QuizScore ? lesson.threshold : null;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="lesson-quiz">
      <Descriptions
        size="small"
        column={1}
        items={[
          ...(needed !== null ? [{ key: 'needed', label: t('myCourse.quizNeeded'), children: number(needed) }] : []),
          {
            key: 'best',
            label: t('myCourse.quizBest'),
            children: best === null ? t('myCourse.quizNotTaken') : <span data-testid="quiz-best">{number(best)}</span>,
          },
        ]}
      />
      {opened.examId === null ? (
        <Alert type="warning" showIcon title={t('myCourse.quizUnavailable')} />
      ) : (
        <>
          <Typography.Text type="secondary">{t('myCourse.quizHint')}</Typography.Text>
          <Space wrap>
            <Button
              type="primary"
              icon={<FormOutlined />}
              href={`/take/${opened.examId}`}
              target="_blank"
              rel="noopener"
            >
              {best === null ? t('myCourse.takeQuiz') : t('myCourse.retakeQuiz')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={refresh}>
              {t('myCourse.quizRefresh')}
            </Button>
          </Space>
        </>
      )}
    </Space>
  );
}

// A live lesson: the course's live classes for this lesson, coming ones to join (a countdown until
// each opens) and past ones with their recordings.
export function LiveLesson({ courseId, lessonId }: { courseId: number; lessonId: number }) {
  const { t } = useMyCourseTexts();
  const client = useQueryClient();
  const { join, joining, dialog } = useLiveJoin();
  const key = [...MY_LIVE_KEY, 'course', courseId];
  const mine = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const [coming, past] = await Promise.all([
        fetchMyLive({ when: 'upcoming', courseId, limit: 50 }, { signal }),
        fetchMyLive({ when: 'past', courseId, limit: 50 }, { signal }),
      ]);
      return { coming, past };
    },
  });
  const ofLesson = (list: MyLiveClass[] | undefined) => (list ?? []).filter((l) => l.courseLessonId === lessonId);
  const coming = ofLesson(mine.data?.coming);
  const past = ofLesson(mine.data?.past);
  const line = (item: MyLiveClass) => (
    <LiveClassLine
      key={item.id}
      item={item}
      onJoin={join}
      joining={joining}
      onOpened={() => void client.invalidateQueries({ queryKey: key })}
    />
  );
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="lesson-live">
      <Typography.Text type="secondary">{t('myCourse.live')}</Typography.Text>
      {mine.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : mine.isError ? (
        <Alert type="error" showIcon title={t('myCourse.liveFailed')} />
      ) : (
        <>
          <PlainList dataSource={coming} renderItem={line} emptyText={t('myCourse.liveEmpty')} />
          {past.length > 0 && (
            <>
              <Typography.Title level={5} className="course-live-past">
                {t('myCourse.livePast')}
              </Typography.Title>
              <PlainList dataSource={past} renderItem={line} />
            </>
          )}
        </>
      )}
      {dialog}
    </Space>
  );
}
