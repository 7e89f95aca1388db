/** A supplier's note on a shortlist (issue 31): optional, up to SHORTLIST_NOTE_MAX_LENGTH characters. */
import { SHORTLIST_NOTE_MAX_LENGTH } from '../../common/api/shortlists';
import { TextAreaField } from '../lib/components/text-field';

export function ShortlistNoteField(props: { id: string; hint: string; value: string; error: string | undefined; onChange: (note: string) => void }) {
  return <TextAreaField {...props} label="Note (optional)" maxLength={SHORTLIST_NOTE_MAX_LENGTH} />;
}
