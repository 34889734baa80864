import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchCurrentUser } from '../../shell/auth-api';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { NamedSwitch } from './mark-frame';
import { MarkedSheet } from './marked-sheet';
import { idsParam, numberParam, printBack, useMarkedBatch } from './marking-api';
import { useMarkingTexts } from './marking-texts';
import '../../ui/print-page.css';
import './marking.css';

// /answer/print?examId=&attemptIds=1,2,3: marked papers ready to print, one student per page.
export default function MarkPrintView() {
  const { t } = useMarkingTexts();
  const tab = useTabLocation();
  const examId = numberParam(tab?.query, 'examId');
  const attemptIds = idsParam(tab?.query, 'attemptIds');
  if (examId === null || attemptIds.length === 0) return <Result status="info" subTitle={t('marking.openFromExam')} />;
  return (
    <PrintPapers
      key={`${examId}-${attemptIds.join(',')}`}
      examId={examId}
      attemptIds={attemptIds}
      back={printBack(tab?.query, examId)}
    />
  );
}

function PrintPapers({ examId, attemptIds, back }: { examId: number; attemptIds: number[]; back: string }) {
  const { t } = useMarkingTexts();
  const navigate = useNavigate();
  const [reveal, setReveal] = useState(true);
  const papers = useMarkedBatch(examId, attemptIds, reveal);
  const me = useQuery({ queryKey: ['currentUser'], queryFn: fetchCurrentUser });
  return (
    <div className="marked-page">
      <div className="marked-toolbar marked-print-toolbar print-hidden">
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>
            {t('marking.backToExam')}
          </Button>
          <NamedSwitch id="print-reveal-label" label={t('marking.revealNames')} checked={reveal} onChange={setReveal} />
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            disabled={!papers.data?.length}
            onClick={() => window.print()}
          >
            {t('marking.print')}
          </Button>
        </Space>
        <Typography.Text type="secondary">
          {t('marking.printHint', { count: papers.data?.length ?? attemptIds.length })}
        </Typography.Text>
      </div>
      {papers.isPending ? (
        <Skeleton active style={{ padding: 24 }} />
      ) : papers.data?.length ? (
        papers.data.map((p) => (
          <div key={p.attemptId} className="marked-print-page">
            <MarkedSheet paper={p} school={me.data?.organization.name} />
          </div>
        ))
      ) : (
        <Empty description={t('marking.paperNotFound')} />
      )}
    </div>
  );
}
