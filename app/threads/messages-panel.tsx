import '../styles/threads.css';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MAX_PAGE_NUMBER } from '../../common/api/http';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Pagination } from '../lib/lists/pagination';
import { changedSearch, wholeNumberParam } from '../lib/lists/url-params';
import { MessageForm } from './message-form';
import { LOAD_FAILED_MESSAGE, NO_THREADS_MESSAGE, THREAD_STARTED_ANNOUNCEMENT } from './messages';
import { ThreadItem } from './thread-item';
import { describeStartError, useStartThread, useThreads } from './use-threads';

export interface MessagesPanelProps {
  /** The parent model of the threads (spec §3), e.g. 'supplier'. */
  model: string;
  recordId: number;
}

/** The URL's page of the panel's threads: its own name, so the screen around it may have a `page` of its own. */
export const THREADS_PAGE_PARAM = 'threads-page';

/**
 * Messages with the marketplace team about one record (spec §1, §4 "Threads"): its threads newest
 * first, a page at a time (issue 29, item 6), starting one, and replying to or resolving an open one.
 * Self-contained, so any screen of a record (supplier, application, notice) can show it.
 */
export function MessagesPanel({ model, recordId }: MessagesPanelProps) {
  const headingId = useId();
  const newThreadHeadingId = useId();
  const record = { model, recordId };
  const [searchParams, setSearchParams] = useSearchParams();
  const page = wholeNumberParam(searchParams.get(THREADS_PAGE_PARAM), MAX_PAGE_NUMBER) ?? 1;
  const threadList = useThreads(record, page);
  const startThread = useStartThread(record);
  const [announcement, setAnnouncement] = useState('');
  const { threads } = threadList;

  return (
    <section className="messages-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Messages</h2>
      <p className="messages-panel__intro">Ask the marketplace team a question, and read their answers.</p>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {threadList.isPending ? (
        <LoadingState label="Loading messages…" />
      ) : (
        <>
          {threadList.isError && (
            // Spec §8: a failed load shows an empty list; saying so and offering a retry is kinder.
            <ErrorState message={LOAD_FAILED_MESSAGE} onRetry={() => void threadList.refetch()} />
          )}
          {threads.length === 0 && page > 1 ? (
            <p className="messages-panel__empty">
              There are no threads on this page. <Link to={`?${changedSearch(searchParams, { [THREADS_PAGE_PARAM]: undefined }).toString()}`}>Go to the newest threads</Link>.
            </p>
          ) : threads.length === 0 ? (
            <p className="messages-panel__empty">{NO_THREADS_MESSAGE}</p>
          ) : (
            <ul className="messages-panel__threads" aria-label="Threads">
              {threads.map((thread) => (
                <li key={thread.id}>
                  <ThreadItem record={record} thread={thread} onAnnounce={setAnnouncement} />
                </li>
              ))}
            </ul>
          )}
          {threadList.data && (
            <Pagination page={page} total={threadList.data.total} pageSize={threadList.data.pageSize} noun="threads" param={THREADS_PAGE_PARAM} />
          )}
        </>
      )}
      <section className="messages-panel__new" aria-labelledby={newThreadHeadingId}>
        <h3 id={newThreadHeadingId}>Start a new thread</h3>
        <MessageForm
          hasTitle
          contentLabel="Message"
          submitLabel="Start thread"
          isSending={startThread.isPending}
          sendError={startThread.isError ? describeStartError(startThread.error) : null}
          onSend={(draft) =>
            startThread.mutateAsync(draft).then(() => {
              setAnnouncement(THREAD_STARTED_ANNOUNCEMENT);
              // The new thread is the newest: on the first page.
              if (page > 1) {
                setSearchParams((current) => changedSearch(current, { [THREADS_PAGE_PARAM]: undefined }));
              }
            })
          }
        />
      </section>
    </section>
  );
}
