/**
 * The portal's form renderer: rjsf driven by a form step (ARCHITECTURE.md "forms"), dressed as a
 * government form. Labels above fields, radio questions as fieldsets with a legend, each field's
 * error between its label and input, the error summary of the portal at the top (not rjsf's list,
 * whose h3 breaks the heading order), the browser's own validation bubbles off, the same error
 * texts as the API (common/forms/messages.ts), and the form's rules as rjsf's `customValidate`.
 */
import Form from '@rjsf/core';
import {
  getUiOptions,
  type ErrorListProps,
  type FieldTemplateProps,
  type IconButtonProps,
  type RJSFSchema,
  type RJSFValidationError,
  type TitleFieldProps,
  type ValidatorType,
} from '@rjsf/utils';
import { useMemo, type ReactNode } from 'react';
import type { FieldError, FormData, FormStep } from '../../../common/forms/definition';
import { describeSchemaError, errorPath } from '../../../common/forms/messages';
import { ErrorSummary } from '../components/error-summary';
import { addFieldErrors, fieldId, toErrorSchema } from './field-errors';
import { CheckboxWidget } from './checkbox-widget';
import { MoneyWidget, TextOrMoneyWidget } from './money-widget';
import { UploadWidget, type UploadFormContext } from './upload-widget';
import '../../styles/schema-form.css';
import '../../styles/form-widgets.css';

function ErrorList({ errors }: ErrorListProps) {
  return <ErrorSummary errors={errors.map((error) => ({ fieldId: fieldId(errorPath(error.property)), message: error.message ?? error.stack }))} />;
}

function FieldTemplate({ id, label, children, rawErrors, rawHelp, hidden, displayLabel, schema, uiSchema }: FieldTemplateProps) {
  if (hidden) {
    return <div hidden>{children}</div>;
  }
  const errors = rawErrors ?? [];
  const hasError = errors.length > 0;
  const errorText = hasError ? (
    <p id={`${id}__error`} className="form-field__error">
      <span className="visually-hidden">Error: </span>
      {errors.join('. ')}
    </p>
  ) : null;
  const hint = rawHelp ? (
    <p id={`${id}__help`} className="form-field__hint">
      {rawHelp}
    </p>
  ) : null;
  const className = `form-field${hasError ? ' form-field--error' : ''}`;
  const widget = getUiOptions(uiSchema).widget;

  // Radio buttons and checkbox lists are a group of inputs: a fieldset whose legend is the question.
  if (widget === 'radio' || widget === 'checkboxes') {
    return (
      <fieldset className={`${className} form-field--group`} aria-describedby={[rawHelp ? `${id}__help` : '', hasError ? `${id}__error` : ''].join(' ').trim() || undefined}>
        <legend className="form-field__label">{label}</legend>
        {hint}
        {errorText}
        {children}
      </fieldset>
    );
  }
  // Objects and arrays draw their own fieldset and legend; a missing group ("Enter head office address") shows above it.
  if (schema.type === 'object' || schema.type === 'array') {
    return (
      <div className={hasError ? className : undefined}>
        {errorText}
        {children}
      </div>
    );
  }
  return (
    <div className={className}>
      {/* A checkbox (a yes to confirm) is labelled by its own label beside it. */}
      {displayLabel && schema.type !== 'boolean' && (
        <label htmlFor={id} className="form-field__label">
          {label}
        </label>
      )}
      {hint}
      {errorText}
      {children}
    </div>
  );
}

/** A group's legend; "(optional)" is in the titles of optional questions, so no asterisk for required ones. */
function TitleField({ id, title }: TitleFieldProps) {
  return <legend id={id}>{title}</legend>;
}

function AddButton({ onClick, disabled }: IconButtonProps) {
  return (
    <button type="button" className="button button--secondary" onClick={onClick} disabled={disabled}>
      Add another
    </button>
  );
}

function RemoveButton({ onClick, disabled }: IconButtonProps) {
  return (
    <button type="button" className="link-button" onClick={onClick} disabled={disabled}>
      Remove
    </button>
  );
}

const templates = {
  ErrorListTemplate: ErrorList,
  FieldTemplate,
  TitleFieldTemplate: TitleField,
  ButtonTemplates: { AddButton, RemoveButton, SubmitButton: () => null },
};
// `money` for amounts in dollars; number fields with `'ui:options': { money: true }` get it too.
const widgets = { upload: UploadWidget, money: MoneyWidget, TextWidget: TextOrMoneyWidget, CheckboxWidget };

export interface SchemaFormProps {
  step: FormStep;
  validator: ValidatorType;
  formData: FormData;
  /** The form's own rules (check digits and the like), the same the API runs. */
  rules?: (data: FormData) => FieldError[];
  /** Field errors the API answered with, shown as if the form had found them. */
  serverErrors?: readonly FieldError[];
  disabled?: boolean;
  /** What widgets read besides the answers (names of files on record). */
  formContext?: UploadFormContext;
  onChange?: (data: FormData) => void;
  onSubmit: (data: FormData) => void;
  /** The buttons (a submit button among them). */
  children: ReactNode;
}

export function SchemaForm({ step, validator, formData, rules, serverErrors = [], disabled, formContext, onChange, onSubmit, children }: SchemaFormProps) {
  const schema = step.schema as RJSFSchema;
  const transformErrors = useMemo(
    () => (errors: RJSFValidationError[]) =>
      errors.flatMap((error) => {
        const described = describeSchemaError(step.schema, error);
        return described
          ? [{ ...error, property: `.${described.path.join('.')}`, message: described.message, stack: described.message }]
          : [];
      }),
    [step.schema],
  );
  const extraErrors = useMemo(() => (serverErrors.length > 0 ? toErrorSchema(serverErrors) : undefined), [serverErrors]);
  return (
    <Form
      className="schema-form"
      schema={schema}
      uiSchema={step.uiSchema}
      validator={validator}
      formData={formData}
      templates={templates}
      widgets={widgets}
      noHtml5Validate
      // A `const: true` declaration ("I confirm…") starts unticked: the person ticks it.
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
      showErrorList="top"
      focusOnFirstError={false}
      omitExtraData
      liveOmit="onChange"
      transformErrors={transformErrors}
      customValidate={rules ? (data, validation) => addFieldErrors(validation, rules((data ?? {}) as FormData)) : undefined}
      extraErrors={extraErrors}
      disabled={disabled}
      formContext={formContext}
      // The error summary shows the failures; without a handler rjsf would log them to the console.
      onError={() => undefined}
      onChange={(event) => onChange?.((event.formData ?? {}) as FormData)}
      onSubmit={(event) => {
        onSubmit((event.formData ?? {}) as FormData);
      }}
    >
      {children}
    </Form>
  );
}
