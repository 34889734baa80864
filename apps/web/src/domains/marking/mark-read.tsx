import { ArrowLeftOutlined, EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton, Space, Switch } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MarkedSheet } from './marked-sheet';
import { useMarkedPaper, useMarkHost } from './marking-api';
import { useMarkingTexts } from './marking-texts';

// One marked paper as the student will see it, with the ways to mark, print it and reveal the name.
export function ReadPaper({ examId, attemptId }: { examId: number; attemptId: number }) {
  const { t } = useMarkingTexts();
  const navigate = useNavigate();
  const host = useMarkHost();
  const [reveal, setReveal] = useState(false);
  const paper = useMarkedPaper(examId, attemptId, reveal);
  if (paper.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (!paper.data)
    return (
      <Result
        status="404"
        subTitle={t('marking.paperNotFound')}
        extra={
          <Button onClick={() => navigate(host.overview(examId))}>{host.backLabel ?? t('marking.backToExam')}</Button>
        }
      />
    );
  return (
    <div className="marked-page">
      <Space wrap className="marked-toolbar">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(host.overview(examId))}>
          {host.backLabel ?? t('marking.backToExam')}
        </Button>
        {paper.data.canMark && (
          <Button icon={<EditOutlined />} onClick={() => navigate(host.byStudent(examId, attemptId))}>
            {t('marking.markPaper')}
          </Button>
        )}
        <Button icon={<PrinterOutlined />} onClick={() => navigate(host.print(examId, [attemptId]))}>
          {t('marking.print')}
        </Button>
        {host.paperActions?.(examId, attemptId)}
        <Space size={6}>
          <Switch checked={reveal} onChange={setReveal} aria-labelledby="read-reveal-label" />
          <span id="read-reveal-label">{t('marking.revealNames')}</span>
        </Space>
      </Space>
      <MarkedSheet paper={paper.data} />
    </div>
  );
}
