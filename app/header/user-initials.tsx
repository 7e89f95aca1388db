/** Up to two initials of a name: first and last word ("Alex Admin" → "AA", "Cher" → "C"). */
export function getInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter((word) => word !== '');
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const initial = (word: string | undefined) => (word === undefined ? '' : (Array.from(word)[0] ?? '').toLocaleUpperCase());
  return `${initial(first)}${initial(last)}` || '?';
}

/** The user's initials in a round badge. Decorative: the control around it names the user. */
export function UserInitials({ name }: { name: string }) {
  return (
    <span className="user-initials" aria-hidden="true">
      {getInitials(name)}
    </span>
  );
}
