import { PaperType } from '@lyceum/contract';
import { PaperList } from './paper-list';

export default function ExamPaperListView() {
  return <PaperList paperType={PaperType.Exam} />;
}
