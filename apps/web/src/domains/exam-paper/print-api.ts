import { type Lang, PaperType } from '@lyceum/contract';
import { api } from '@lyceum/contract/routes';
import { downloadFrom } from '../../shell/transfer';
import type { BuiltPaperType } from './paper-api';

// Where each kind of paper is printed (hidden catalogue pages with the list's permission).
export const printPaths = {
  [PaperType.Exam]: '/exam/paperPrint',
  [PaperType.Homework]: '/task/paperPrint',
} as const satisfies Record<BuiltPaperType, string>;

// The paper as a .docx, saved by the browser; answers the file's name.
export const downloadPaperWord = (id: number, withKey: boolean, lang: Lang) =>
  downloadFrom(api.examPaper.word, { params: { id }, body: { withKey }, query: { lang } }, { loading: true });
