import { useTabLocation } from '../../shell/layout/tabs-store';
import { ScoreBoard } from './score-board';
import { ScoreExamPicker } from './score-exam-picker';
import './exam-scores.css';

// Exams › Exam scores: the exams with handed-in papers, and for the one chosen (?examId=) its score
// table, confirmation and export.
export default function ExamScoresView() {
  const tab = useTabLocation();
  const examId = Number(tab?.query.examId ?? new URLSearchParams(window.location.search).get('examId')) || null;
  return examId === null ? <ScoreExamPicker /> : <ScoreBoard key={examId} examId={examId} />;
}
