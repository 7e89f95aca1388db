/** The team's view of a thread at a glance: what it is about (a link to its record's team screen screen where there is one) and whether it is open. */
import { Link } from 'react-router';
import { StatusTag } from '../lib/components/status-tag';
import { threadSubject } from './thread-subjects';

export function ThreadSubjectLink({ model, recordId, threadTitle }: { model: string; recordId: number; threadTitle?: string }) {
  const subject = threadSubject(model);
  if (subject.teamPath === undefined) {
    return <>{subject.label}</>;
  }
  return (
    <Link to={subject.teamPath(recordId)}>
      {subject.label}
      {threadTitle !== undefined && <span className="visually-hidden">, the subject of the thread {threadTitle}</span>}
    </Link>
  );
}

/** Open (waiting for the team) or resolved. */
export function ThreadStatusTag({ isResolved }: { isResolved: boolean }) {
  return isResolved ? <StatusTag tone="done">Resolved</StatusTag> : <StatusTag tone="action">Open</StatusTag>;
}
