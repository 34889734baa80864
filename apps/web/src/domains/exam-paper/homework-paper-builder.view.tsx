import { PaperType } from '@lyceum/contract';
import { PaperBuilderPage } from './paper-builder';

export default function HomeworkPaperBuilderView() {
  return <PaperBuilderPage paperType={PaperType.Homework} />;
}
