import { QuestionType } from '@lyceum/contract';
import { QuestionEditor } from './question-editor';

export default function ComposeEditorView() {
  return <QuestionEditor type={QuestionType.Compose} />;
}
