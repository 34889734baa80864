import { QuestionType } from '@lyceum/contract';
import { QuestionEditor } from './question-editor';

export default function MultipleChoiceEditorView() {
  return <QuestionEditor type={QuestionType.MultipleChoice} />;
}
