/** Ids in the paths of public pages (`/approved-suppliers/{id}`): a positive whole number that fits the database's integer. */
const MAX_ID = 2_147_483_647;

/** The id the path names, or null when it cannot be one (the page then answers 404). */
export function parsePathId(raw: string): number | null {
  if (!/^[1-9][0-9]*$/.test(raw)) {
    return null;
  }
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}
