import { QuestionType } from '@lyceum/contract';
import { QuestionEditor } from './question-editor';

export default function SingleChoiceEditorView() {
  return <QuestionEditor type={QuestionType.SingleChoice} />;
}
