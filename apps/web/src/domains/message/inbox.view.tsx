import { Inbox } from './inbox';

// The inbox of staff, who have no menu page for it: opened from the bell, beside the profile.
export default function InboxView() {
  return <Inbox />;
}
