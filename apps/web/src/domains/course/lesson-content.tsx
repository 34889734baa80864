import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { LessonType } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Space, Typography } from 'antd';
import { RichHtml } from '../../rich-text/rich-html';
import { paperById } from './course-api';
import { useCourseTexts } from './course-texts';
import { useFileInfo } from './file-info';
import type { DraftLesson } from './outline-draft';

function DocumentContent({ lesson }: { lesson: DraftLesson }) {
  const { t } = useCourseTexts();
  const info = useFileInfo(lesson.fileUrl);
  const name = lesson.fileName ?? info.data?.name ?? t('course.documentFile');
  const pdf = (info.data?.type ?? '').includes('pdf') || /\.pdf$/i.test(name);
  if (info.isLoading) return <Skeleton active />;
  const download = (
    <Button icon={<DownloadOutlined />} href={lesson.fileUrl} download>
      {t('course.download', { name })}
    </Button>
  );
  if (pdf)
    return (
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <iframe src={lesson.fileUrl} title={lesson.title || name} className="course-preview-pdf" />
        <Space wrap>
          <Button icon={<ExportOutlined />} href={lesson.fileUrl} target="_blank" rel="noopener">
            {t('course.openInNewTab')}
          </Button>
          {download}
        </Space>
      </Space>
    );
  return (
    <div className="course-preview-download">
      <Typography.Paragraph type="secondary">{t('course.officeHint')}</Typography.Paragraph>
      {download}
    </div>
  );
}

function QuizContent({ paperId }: { paperId: number }) {
  const { t } = useCourseTexts();
  const paper = useQuery({
    queryKey: ['examPaper', 'select', paperId],
    queryFn: () => paperById(paperId),
    staleTime: 60_000,
    retry: false,
  });
  if (paper.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <div className="course-preview-quiz">
      <Typography.Paragraph strong>{paper.data?.name ?? t('course.paperN', { id: paperId })}</Typography.Paragraph>
      {paper.data && (
        <Typography.Paragraph type="secondary">
          {t('course.paperScore', { score: paper.data.totalScore, count: paper.data.questionCount })}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary">{t('course.quizOnExamPage')}</Typography.Paragraph>
    </div>
  );
}

// A lesson's content as the student's player shows it.
export function LessonContent({ lesson }: { lesson: DraftLesson }) {
  const { t } = useCourseTexts();
  const nothing = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('course.previewNoContent')} />;
  switch (lesson.lessonType) {
    case LessonType.Video:
      return lesson.fileUrl ? (
        // biome-ignore lint/a11y/useMediaCaption: teachers' uploads carry no caption track
        <video key={lesson.fileUrl} src={lesson.fileUrl} controls preload="metadata" className="course-preview-video" />
      ) : (
        nothing
      );
    case LessonType.Document:
      return lesson.fileUrl ? <DocumentContent lesson={lesson} /> : nothing;
    case LessonType.Article:
      return lesson.body ? <RichHtml html={lesson.body} className="course-preview-article" /> : nothing;
    case LessonType.Quiz:
      return lesson.paperId !== null ? <QuizContent paperId={lesson.paperId} /> : nothing;
    default:
      return null;
  }
}
