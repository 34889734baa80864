import { Result } from 'antd';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { ReadPaper } from './mark-read';
import { numberParam } from './marking-api';
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
