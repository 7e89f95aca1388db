/** The marketplace team's email and phone, as links. */
import { mailtoHref, telHref } from '../../common/contact-links';
import type { TeamContact } from '../../common/page-data';

/** "email … or phone …" for the marketplace team, as links. */
export function TeamContactLinks({ contact }: { contact: TeamContact }) {
  return (
    <>
      email <a href={mailtoHref(contact.email)}>{contact.email}</a> or phone <a href={telHref(contact.phone)}>{contact.phone}</a>
    </>
  );
}
