import { DownloadOutlined, ExportOutlined, FormOutlined, ReloadOutlined } from '@ant-design/icons';
import { CompletionRule, type OpenLesson } from '@lyceum/contract';
import { Alert, Button, Descriptions, Space, Typography } from 'antd';
import { useCallback, useEffect } from 'react';
import { RichHtml } from '../../rich-text/rich-html';
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

export function LiveLesson() {
  const { t } = useMyCourseTexts();
  return <Alert type="info" showIcon title={t('myCourse.live')} data-testid="lesson-live" />;
}
