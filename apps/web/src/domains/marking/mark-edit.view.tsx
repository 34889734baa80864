import { Result } from 'antd';
import { useTabLocation } from '../../shell/layout/tabs-store';
import { useActiveRoute } from '../../shell/layout/view-stack';
import { MarkByQuestion } from './mark-by-question';
import { MarkByStudent } from './mark-by-student';
import { numberParam } from './marking-api';
import { useMarkingTexts } from './marking-texts';
import './marking.css';

// /answer/edit: marking by question (?examId=&questionId=, the default) or by student (?attemptId=).
export default function MarkEditView() {
  const { t } = useMarkingTexts();
  const tab = useTabLocation();
  const shown = useActiveRoute()?.path === tab?.path;
  const examId = numberParam(tab?.query, 'examId');
  const questionId = numberParam(tab?.query, 'questionId');
  const attemptId = numberParam(tab?.query, 'attemptId');
  if (examId !== null && attemptId !== null)
    return <MarkByStudent key={`${examId}-${attemptId}`} examId={examId} attemptId={attemptId} />;
  if (examId !== null && questionId !== null)
    return <MarkByQuestion key={`${examId}-${questionId}`} examId={examId} questionId={questionId} shown={shown} />;
  return <Result status="info" subTitle={t('marking.openFromExam')} />;
}
