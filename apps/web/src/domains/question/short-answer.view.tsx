import { QuestionType } from '@lyceum/contract';
import { QuestionEditor } from './question-editor';

export default function ShortAnswerEditorView() {
  return <QuestionEditor type={QuestionType.ShortAnswer} />;
}
