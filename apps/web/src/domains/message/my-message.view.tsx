import { Inbox } from './inbox';

// A student's messages (My study › My messages).
export default function MyMessageView() {
  return <Inbox />;
}
