/**
 * The team's app navigation's count beside "Inbox": the reader's unread messages in open threads,
 * read again every minute and whenever the team acts on a thread. Nothing while it loads, fails
 * or is zero, so the link never reads as an error.
 */
import { useUnreadCount } from './team-threads-api';

export function InboxUnreadCount() {
  const unread = useUnreadCount();
  const count = unread.data?.unreadMessages ?? 0;
  if (count === 0) {
    return null;
  }
  return (
    <>
      {' '}
      <span className="app-nav__count">
        {count > 99 ? '99+' : String(count)}
        <span className="visually-hidden"> unread {count === 1 ? 'message' : 'messages'}</span>
      </span>
    </>
  );
}
