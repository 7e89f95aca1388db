/**
 * The error summary at the top of a form: "There is a problem" and one link per failing field.
 * It takes focus when it appears (or when its errors change) so a screen reader reads it first;
 * a link moves focus to its field.
 */
import { useEffect, useId, useImperativeHandle, useRef, type MouseEvent, type Ref } from 'react';
import { Link } from 'react-router';

export interface SummaryError {
  /** The id of the field's input, or of the element that holds its inputs (a radio group); none for a problem of the whole form. */
  fieldId?: string;
  /** Instead, the app's page that asks the answer (a form's step), for a problem found after the form was left (sending a listing). */
  to?: string;
  message: string;
}

/** A form's problems: those of the whole form, and each field's by name. */
export interface FormProblems<Field extends string> {
  general: readonly string[];
  fields: Partial<Record<Field, string>>;
}

/** The summary's errors in page order: the whole form's first, then each field's in the order of `fieldIds`. */
export function summaryErrorsOf<Field extends string>(problems: FormProblems<Field>, fieldIds: Record<Field, string>): SummaryError[] {
  const fieldProblems = (Object.keys(fieldIds) as Field[]).flatMap((field) => {
    const message = problems.fields[field];
    return message === undefined ? [] : [{ fieldId: fieldIds[field], message }];
  });
  return [...problems.general.map((message) => ({ message })), ...fieldProblems];
}

function focusField(fieldId: string): void {
  const target = document.getElementById(fieldId);
  if (!target) {
    return;
  }
  const focusable = target.matches('input, select, textarea, button') ? target : target.querySelector<HTMLElement>('input, select, textarea, button');
  (focusable ?? target).focus();
  target.scrollIntoView({ block: 'center' });
}

export function ErrorSummary({
  errors,
  title = 'There is a problem',
  headingLevel = 2,
  ref,
}: {
  errors: readonly SummaryError[];
  title?: string;
  /** Below the page's h1 an h2; inside a section of its own (a messages panel), deeper. */
  headingLevel?: 2 | 3 | 4;
  /** For a form that moves focus here itself (on every submit, not only when the errors change). */
  ref?: Ref<HTMLDivElement>;
}) {
  const titleId = useId();
  const summary = useRef<HTMLDivElement>(null);
  useImperativeHandle(ref, () => summary.current as HTMLDivElement, []);
  const signature = errors.map((error) => `${error.fieldId ?? error.to ?? ''}:${error.message}`).join('|');
  useEffect(() => {
    if (signature !== '') {
      summary.current?.focus();
    }
  }, [signature]);

  if (errors.length === 0) {
    return null;
  }
  const Heading = `h${headingLevel}` as const;
  const onClick = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    event.preventDefault();
    focusField(fieldId);
  };
  return (
    <div className="error-summary" role="alert" aria-labelledby={titleId} tabIndex={-1} ref={summary}>
      <Heading className="error-summary__title" id={titleId}>
        {title}
      </Heading>
      <ul className="error-summary__list">
        {errors.map(({ fieldId, to, message }) => (
          <li key={`${fieldId ?? to ?? ''}:${message}`}>
            {to !== undefined ? (
              <Link to={to}>{message}</Link>
            ) : fieldId === undefined ? (
              message
            ) : (
              // Moves to the field without a hash change, which the router would treat as a navigation.
              <a href={`#${fieldId}`} onClick={(event) => { onClick(event, fieldId); }}>
                {message}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
