import { PaperType } from '@lyceum/contract';
import { PaperBuilderPage } from './paper-builder';

export default function ExamPaperBuilderView() {
  return <PaperBuilderPage paperType={PaperType.Exam} />;
}
