import { PaperType } from '@lyceum/contract';
import { PaperPrintPage } from './paper-print';

export default function HomeworkPaperPrintView() {
  return <PaperPrintPage paperType={PaperType.Homework} />;
}
