/** Email and phone links, for the team's contact details and a supplier's profile. */
import type { TeamContact } from '../../common/page-data';

/** `+64 4 555 0142` → `tel:+6445550142`. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}

/** "email … or phone …" for the marketplace team, as links. */
export function TeamContactLinks({ contact }: { contact: TeamContact }) {
  return (
    <>
      email <a href={`mailto:${contact.email}`}>{contact.email}</a> or phone <a href={telHref(contact.phone)}>{contact.phone}</a>
    </>
  );
}
