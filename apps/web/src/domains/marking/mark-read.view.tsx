import { ArrowLeftOutlined, EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton, Space, Switch } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { MarkedSheet } from './marked-sheet';
import { markPaths, numberParam, useMarkedPaper } from './marking-api';
import { useMarkingTexts } from './marking-texts';
import './marking.css';

// /answer/read?examId=&attemptId=: the marked paper as the student will see it.
export default function MarkReadView() {
  const { t } = useMarkingTexts();
  const tab = useTabLocation();
  const examId = numberParam(tab?.query, 'examId') ?? 0;
  const attemptId = numberParam(tab?.query, 'attemptId') ?? 0;
  return examId && attemptId ? (
    <ReadPaper key={`${examId}-${attemptId}`} examId={examId} attemptId={attemptId} />
  ) : (
    <Result status="info" subTitle={t('marking.openFromExam')} />
  );
}

function ReadPaper({ examId, attemptId }: { examId: number; attemptId: number }) {
  const { t } = useMarkingTexts();
  const navigate = useNavigate();
  const [reveal, setReveal] = useState(false);
  const paper = useMarkedPaper(examId, attemptId, reveal);
  if (paper.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (!paper.data)
    return (
      <Result
        status="404"
        subTitle={t('marking.paperNotFound')}
        extra={<Button onClick={() => navigate(markPaths.overview(examId))}>{t('marking.backToExam')}</Button>}
      />
    );
  return (
    <div className="marked-page">
      <Space wrap className="marked-toolbar">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(markPaths.overview(examId))}>
          {t('marking.backToExam')}
        </Button>
        {paper.data.canMark && (
          <Button icon={<EditOutlined />} onClick={() => navigate(markPaths.byStudent(examId, attemptId))}>
            {t('marking.markPaper')}
          </Button>
        )}
        <Button icon={<PrinterOutlined />} onClick={() => navigate(markPaths.print(examId, [attemptId]))}>
          {t('marking.print')}
        </Button>
        <Space size={6}>
          <Switch checked={reveal} onChange={setReveal} aria-labelledby="read-reveal-label" />
          <span id="read-reveal-label">{t('marking.revealNames')}</span>
        </Space>
      </Space>
      <MarkedSheet paper={paper.data} />
    </div>
  );
}
