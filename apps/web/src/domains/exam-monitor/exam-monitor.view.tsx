import { useTabLocation } from '../../shell/layout/tabs-store';
import { useActiveRoute } from '../../shell/layout/view-stack';
import { ExamPicker } from './exam-picker';
import { MonitorBoard } from './monitor-board';
import './exam-monitor.css';

// Exams › Exam monitoring: the exams open now (or all), and for the one chosen (?examId=) the live
// board of its candidates, their timelines and the invigilators' actions.
export default function ExamMonitorView() {
  const tab = useTabLocation();
  // Kept views stay mounted behind other tabs: only the shown one polls and ticks.
  const shown = useActiveRoute()?.path === tab?.path;
  const examId = Number(tab?.query.examId ?? new URLSearchParams(window.location.search).get('examId')) || null;
  return examId === null ? <ExamPicker shown={shown} /> : <MonitorBoard key={examId} examId={examId} shown={shown} />;
}
