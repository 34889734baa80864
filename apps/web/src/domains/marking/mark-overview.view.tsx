import { Result } from 'antd';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { MarkOverviewPanel } from './mark-overview';
import { numberParam } from './marking-api';
import { useMarkingTexts } from './marking-texts';
import './marking.css';

// /answer/list?examId=: one exam's marking (see MarkOverviewPanel).
export default function MarkOverviewView() {
  const { t } = useMarkingTexts();
  const tab = useTabLocation();
  const examId = numberParam(tab?.query, 'examId');
  if (examId === null) return <Result status="info" subTitle={t('marking.openFromExam')} />;
  return <MarkOverviewPanel key={examId} examId={examId} />;
}
