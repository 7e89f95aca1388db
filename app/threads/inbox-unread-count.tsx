/**
 * The team's app navigation's count beside "Inbox": the reader's unread messages in open threads,
 * read again every minute and whenever the team acts on a thread. Nothing while it loads or fails.
 */
import { useUnreadCount } from './team-threads-api';
import { UnreadCountBadge } from './unread-count-badge';

export function InboxUnreadCount() {
  return <UnreadCountBadge count={useUnreadCount().data?.unreadMessages ?? 0} one="message" many="messages" />;
}
