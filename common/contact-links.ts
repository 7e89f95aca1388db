/** Link targets for an email address and a phone number, for the server's pages and the apps. */

/** `+64 4 555 0142` → `tel:+6445550142`. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}
