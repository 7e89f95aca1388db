import { useId, useRef, useState, type SubmitEvent } from 'react';
import { THREAD_CONTENT_MAX_LENGTH, THREAD_TITLE_MAX_LENGTH } from '../../common/api/threads';
import { ErrorSummary } from '../lib/components/error-summary';
import type { ThreadDraft } from './use-threads';
import { useFocusAfterRender } from '../lib/use-focus-after-render';

type Field = 'title' | 'content';
type FieldErrors = Partial<Record<Field, string>>;

/** The checks the API makes (common/api/threads.ts), said before sending; whitespace only is empty. */
export function validateDraft(draft: { title?: string; content: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (draft.title !== undefined) {
    const title = draft.title.trim();
    if (title === '') {
      errors.title = 'Enter a title';
    } else if (title.length > THREAD_TITLE_MAX_LENGTH) {
      errors.title = `Title must be ${THREAD_TITLE_MAX_LENGTH} characters or fewer`;
    }
  }
  const content = draft.content.trim();
  if (content === '') {
    errors.content = 'Enter a message';
  } else if (content.length > THREAD_CONTENT_MAX_LENGTH) {
    errors.content = `Message must be ${THREAD_CONTENT_MAX_LENGTH} characters or fewer`;
  }
  return errors;
}

export interface MessageFormProps {
  /** A new thread asks for a title; a reply does not. */
  hasTitle: boolean;
  contentLabel: string;
  submitLabel: string;
  isSending: boolean;
  /** Why the last send failed, as it should be shown. */
  sendError: string | null;
  /** Sends the draft; the form empties when it resolves. */
  onSend: (draft: ThreadDraft) => Promise<unknown>;
  /** The error summary's heading level, one below the form's own heading (default 4, under a thread's h3). */
  summaryHeadingLevel?: 3 | 4;
  /** Whether a file may be attached (default); an agency's reply in a dispute is words only. */
  hasAttachment?: boolean;
}

/**
 * A message with an optional attachment (and a title for a new thread): the fields' own errors and
 * an error summary that takes focus, a "Sending…" state, and the send failure as an alert.
 */
export function MessageForm({ hasTitle, contentLabel, submitLabel, isSending, sendError, onSend, summaryHeadingLevel = 4, hasAttachment = true }: MessageFormProps) {
  const id = useId();
  const ids = { title: `${id}-title`, content: `${id}-content`, attachment: `${id}-attachment`, };
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const fileRef = useRef<HTMLInputElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const firstFieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) {
      return;
    }
    const found = validateDraft({ title: hasTitle ? title : undefined, content });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // After React shows the summary.
      focusAfterRender(summaryRef);
      return;
    }
    const attachment = fileRef.current?.files?.[0] ?? null;
    onSend({ title: title.trim(), content: content.trim(), attachment }).then(
      () => {
        setTitle('');
        setContent('');
        if (fileRef.current) {
          fileRef.current.value = '';
        }
        firstFieldRef.current?.focus();
      },
      () => {
        // The parent shows sendError; the draft stays for another try.
      },
    );
  };

  const errorList = Object.entries(errors) as [Field, string][];

  return (
    <form className="message-form" noValidate onSubmit={submit}>
      <ErrorSummary
        ref={summaryRef}
        headingLevel={summaryHeadingLevel}
        errors={errorList.map(([field, message]) => ({ fieldId: ids[field], message }))}
      />
      {hasTitle && (
        <div className={errors.title ? 'form-field form-field--error' : 'form-field'}>
          <label className="form-field__label" htmlFor={ids.title}>
            Title
          </label>
          {errors.title && (
            <p className="form-field__error" id={`${ids.title}-error`}>
              <span className="visually-hidden">Error: </span>
              {errors.title}
            </p>
          )}
          <input
            ref={firstFieldRef}
            id={ids.title}
            className="form-field__input"
            type="text"
            name="title"
            value={title}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? `${ids.title}-error` : undefined}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
      )}
      <div className={errors.content ? 'form-field form-field--error' : 'form-field'}>
        <label className="form-field__label" htmlFor={ids.content}>
          {contentLabel}
        </label>
        {errors.content && (
          <p className="form-field__error" id={`${ids.content}-error`}>
            <span className="visually-hidden">Error: </span>
            {errors.content}
          </p>
        )}
        <textarea
          ref={hasTitle ? undefined : firstFieldRef}
          id={ids.content}
          className="form-field__input message-form__content"
          name="content"
          rows={4}
          value={content}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? `${ids.content}-error` : undefined}
          onChange={(event) => setContent(event.target.value)}
        />
      </div>
      {hasAttachment && (
        <div className="form-field">
          <label className="form-field__label" htmlFor={ids.attachment}>
            Attachment (optional)
          </label>
          <p className="form-field__hint" id={`${ids.attachment}-hint`}>
            A PDF, Word, Excel or PowerPoint document, an OpenDocument file, an image, or a text or CSV file.
          </p>
          <input
            ref={fileRef}
            id={ids.attachment}
            className="message-form__file"
            type="file"
            name="attachment"
            aria-describedby={`${ids.attachment}-hint`}
          />
        </div>
      )}
      {sendError !== null && !isSending && (
        <p className="alert alert--error message-form__error" role="alert">
          {sendError}
        </p>
      )}
      <button type="submit" className="button" disabled={isSending}>
        {isSending ? 'Sending…' : submitLabel}
      </button>
    </form>
  );
}
