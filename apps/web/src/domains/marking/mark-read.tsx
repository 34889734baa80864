import { EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BackButton, MarkNotFound, NamedSwitch } from './mark-frame';
import { MarkedSheet } from './marked-sheet';
import { useMarkedPaper, useMarkHost } from './marking-api';
import { useMarkingTexts } from './marking-texts';
import '../../ui/print-page.css';

// One marked paper as the student will see it, with the ways to mark, print it and reveal the name.
export function ReadPaper({ examId, attemptId }: { examId: number; attemptId: number }) {
  const { t } = useMarkingTexts();
  const navigate = useNavigate();
  const host = useMarkHost();
  const [reveal, setReveal] = useState(false);
  const paper = useMarkedPaper(examId, attemptId, reveal);
  if (paper.isPending) return <Skeleton active style={{ padding: 24 }} />;
  if (!paper.data) return <MarkNotFound examId={examId} text={t('marking.paperNotFound')} />;
  return (
    <div className="marked-page">
      <Space wrap className="marked-toolbar print-hidden">
        <BackButton examId={examId} />
        {paper.data.canMark && (
          <Button icon={<EditOutlined />} onClick={() => navigate(host.byStudent(examId, attemptId))}>
            {t('marking.markPaper')}
          </Button>
        )}
        <Button icon={<PrinterOutlined />} onClick={() => navigate(host.print(examId, [attemptId]))}>
          {t('marking.print')}
        </Button>
        {host.paperActions?.(examId, attemptId)}
        <NamedSwitch id="read-reveal-label" label={t('marking.revealNames')} checked={reveal} onChange={setReveal} />
      </Space>
      <MarkedSheet paper={paper.data} />
    </div>
  );
}
