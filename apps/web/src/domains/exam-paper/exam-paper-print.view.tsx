import { PaperType } from '@lyceum/contract';
import { PaperPrintPage } from './paper-print';

export default function ExamPaperPrintView() {
  return <PaperPrintPage paperType={PaperType.Exam} />;
}
