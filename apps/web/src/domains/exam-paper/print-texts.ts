import { paperPrintTexts } from '@lyceum/contract';
import { moduleTexts } from '../../shell/module-texts';

// The print view's texts: the printed paper's own (shared with the server's Word export, so both
// say the same) and the screen's buttons, read as `paperPrint.key`.
const en = {
  ...paperPrintTexts.en,
  print: 'Print',
  word: 'Word',
  wordStudent: 'Word: students’ copy',
  wordKey: 'Word: with the answer key',
  withKey: 'Answer key and analysis',
  back: 'Back to the list',
  edit: 'Open in the builder',
  notFound: 'This paper does not exist or you cannot open it.',
  printHint: 'Prints on A4. Choose “Save as PDF” in the print dialog for a PDF.',
  saveFirst: 'Save the paper first',
  downloaded: '{{name}} downloaded',
  printPaper: 'Print {{name}}',
};
const zh: typeof en = {
  ...paperPrintTexts.zh,
  print: '打印',
  word: 'Word',
  wordStudent: 'Word：学生卷',
  wordKey: 'Word：含答案',
  withKey: '显示答案与解析',
  back: '返回列表',
  edit: '在组卷中打开',
  notFound: '试卷不存在，或您无权打开。',
  printHint: '按 A4 纸打印；在打印对话框中选择“另存为 PDF”可得到 PDF 文件。',
  saveFirst: '请先保存试卷',
  downloaded: '已下载 {{name}}',
  printPaper: '打印 {{name}}',
};

export const { useTexts: usePrintTexts } = moduleTexts('paperPrint', en, zh);
