import type { PublishPreview } from '@lyceum/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Modal, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../shell/request';
import { COURSE_KEY, courseCalls } from './course-api';
import { useCourseTexts } from './course-texts';

const pct = (n: number) => `${Math.round(n * 10) / 10} %`;

// The lines the preview says, in order: who it reaches, whose progress moves, what changed.
export function usePreviewLines() {
  const { t } = useCourseTexts();
  return (p: PublishPreview): { key: string; text: string; tone?: 'warning' | 'success' }[] => {
    const lines: { key: string; text: string; tone?: 'warning' | 'success' }[] = [
      { key: 'learners', text: t('course.previewLearners', { count: p.learners }) },
    ];
    for (const m of p.moves) {
      const key = `move-${m.from}-${m.to}`;
      const params = { count: m.count, from: pct(m.from), to: pct(m.to) };
      if (m.to < m.from) lines.push({ key, text: t('course.previewDrop', params), tone: 'warning' });
      else if (m.to > m.from) lines.push({ key, text: t('course.previewRise', params), tone: 'success' });
    }
    if (p.completedAfter !== p.completedBefore)
      lines.push({
        key: 'completed',
        text: t('course.previewCompleted', { before: p.completedBefore, after: p.completedAfter }),
        tone: p.completedAfter < p.completedBefore ? 'warning' : 'success',
      });
    const titles = (list: { title: string }[]) => list.map((x) => `“${x.title}”`).join(t('course.listJoin'));
    if (p.added.length)
      lines.push({ key: 'added', text: t('course.previewAdded', { count: p.added.length, titles: titles(p.added) }) });
    if (p.removed.length)
      lines.push({
        key: 'removed',
        text: t('course.previewRemoved', { count: p.removed.length, titles: titles(p.removed) }),
        tone: 'warning',
      });
    if (p.ruleChanged.length)
      lines.push({
        key: 'rules',
        text: t('course.previewRules', { count: p.ruleChanged.length, titles: titles(p.ruleChanged) }),
      });
    return lines;
  };
}

// Publishing a course: first what it would do to the learners' progress (the server's preview of the
// draft), then, confirmed, the publish itself.
export function PublishDialog({
  course,
  onClose,
  onDone,
}: {
  course: { id: number; title: string };
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useCourseTexts();
  const { message } = App.useApp();
  const lines = usePreviewLines();
  const [running, setRunning] = useState(false);
  const preview = useQuery({
    queryKey: [COURSE_KEY, 'publishPreview', course.id],
    queryFn: () => courseCalls.publishPreview(course.id),
    gcTime: 0,
    retry: false,
  });
  const p = preview.data;
  const quiet = p && !p.moves.some((m) => m.from !== m.to) && p.completedAfter === p.completedBefore;

  async function publish() {
    setRunning(true);
    try {
      const published = await courseCalls.publish(course.id);
      message.success(t('course.publishedVersion', { n: published.version }));
      onDone();
    } catch (err) {
      // The request client has shown the refusal; anything else is a bug worth seeing.
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setRunning(false);
    }
  }

  return (
    <Modal
      open
      title={t('course.publishTitle', { name: course.title })}
      okText={p ? t('course.publishVersion', { n: p.version }) : t('course.publish')}
      okButtonProps={{ disabled: !p }}
      confirmLoading={running}
      cancelText={t('common.cancel')}
      onOk={publish}
      onCancel={onClose}
      destroyOnHidden
    >
      {preview.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {preview.isError && (
        <Result
          status="warning"
          title={t('course.previewFailed')}
          subTitle={preview.error instanceof Error ? preview.error.message : undefined}
        />
      )}
      {p && (
        <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="publish-preview">
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('course.publishHint')}
          </Typography.Paragraph>
          <ul className="course-preview-lines">
            {lines(p).map((line) => (
              <li key={line.key}>
                <Typography.Text type={line.tone}>{line.text}</Typography.Text>
              </li>
            ))}
          </ul>
          {quiet && p.learners > 0 && <Alert type="success" showIcon title={t('course.previewNoMoves')} />}
        </Space>
      )}
    </Modal>
  );
}
