/**
 * The dashboard navigation's count beside "Messages": the reader's unread replies from the team
 * in the supplier's open conversations. Nothing while it loads or fails.
 */
import { useSupplierUnreadCount } from './supplier-messages-api';
import { UnreadCountBadge } from './unread-count-badge';

export function SupplierUnreadCount() {
  return <UnreadCountBadge count={useSupplierUnreadCount().data?.unreadMessages ?? 0} one="reply" many="replies" />;
}
