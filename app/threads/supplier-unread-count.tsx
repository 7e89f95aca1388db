/**
 * The dashboard navigation's count beside "Messages": the reader's unread replies from the team
 * in the supplier's open conversations. Nothing while it loads, fails or is zero.
 */
import { useSupplierUnreadCount } from './supplier-messages-api';

export function SupplierUnreadCount() {
  const unread = useSupplierUnreadCount();
  const count = unread.data?.unreadMessages ?? 0;
  if (count === 0) {
    return null;
  }
  return (
    <>
      {' '}
      <span className="app-nav__count">
        {count > 99 ? '99+' : String(count)}
        <span className="visually-hidden"> unread {count === 1 ? 'reply' : 'replies'}</span>
      </span>
    </>
  );
}
