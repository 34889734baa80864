import { PaperType } from '@lyceum/contract';
import { PaperList } from './paper-list';

export default function HomeworkPaperListView() {
  return <PaperList paperType={PaperType.Homework} />;
}
