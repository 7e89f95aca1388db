/** What other areas use of the shortlists (issue 31): the directory's "Save to a shortlist" link. */
export { SaveToShortlistLink } from './save-to-shortlist-link';
