/**
 * The count beside a navigation link of unread messages ("Inbox 3", "Messages 1"), read as words
 * by a screen reader. Nothing when it is zero, so the link never reads as an error.
 */
export function UnreadCountBadge({ count, one, many }: { count: number; one: string; many: string }) {
  if (count === 0) {
    return null;
  }
  return (
    <>
      {' '}
      <span className="app-nav__count">
        {count > 99 ? '99+' : String(count)}
        <span className="visually-hidden"> unread {count === 1 ? one : many}</span>
      </span>
    </>
  );
}
