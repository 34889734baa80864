import { QuestionType } from '@lyceum/contract';
import { QuestionEditor } from './question-editor';

export default function GapFillingEditorView() {
  return <QuestionEditor type={QuestionType.GapFilling} />;
}
