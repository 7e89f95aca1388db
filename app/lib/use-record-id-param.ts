import { useParams } from 'react-router';

/** The record id in a screen's address (`:id` unless named), or 0 when it cannot be an id: the screen then says there is no such record. */
export function useRecordIdParam(name = 'id'): number {
  const value = useParams()[name] ?? '';
  return /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : 0;
}
