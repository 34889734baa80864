import { QuestionType } from '@lyceum/contract';
import { QuestionEditor } from './question-editor';

export default function TrueFalseEditorView() {
  return <QuestionEditor type={QuestionType.TrueFalse} />;
}
