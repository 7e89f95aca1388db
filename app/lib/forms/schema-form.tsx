/**
 * The portal's form renderer: rjsf driven by a form step (ARCHITECTURE.md "forms"), dressed as a
 * government form. Labels above fields, radio questions as fieldsets with a legend, each field's
 * error between its label and input, the error summary of the portal at the top (not rjsf's list,
 * whose h3 breaks the heading order), the browser's own validation bubbles off, the same error
 * texts as the API (common/forms/messages.ts), and the form's rules as rjsf's `customValidate`.
 * The browser loads it with its stylesheets through ./renderer.ts; the server imports it alone, to
 * draw the registration's first step (app/registration/first-step-screen.tsx).
 */
import Form, { getDefaultRegistry } from '@rjsf/core';
import {
  getUiOptions,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type ErrorListProps,
  type FieldProps,
  type FieldTemplateProps,
  type IconButtonProps,
  type RJSFSchema,
  type RJSFValidationError,
  type TitleFieldProps,
  type ValidatorType,
  type Widget,
} from '@rjsf/utils';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { dateFieldErrors, dateFields } from '../../../common/forms/date-answer';
import { fieldSchemaAt, stepFieldKeys, type FieldError, type FormData, type FormStep } from '../../../common/forms/definition';
import { describeSchemaError, errorPath } from '../../../common/forms/messages';
import { monthFieldErrors, monthFields } from '../../../common/forms/month-answer';
import { isRecord } from '../../../common/is-record';
import { ErrorSummary } from '../components/error-summary';
import { addFieldErrors, fieldId, inPageOrder, toErrorSchema } from './field-errors';
import { isCentsUi, labelledAmountTitle } from './labelled-amounts';
import { CheckboxWidget } from './checkbox-widget';
import { DateWidget, MonthWidget } from './date-widget';
import { SOURCE_CHECKBOXES_WIDGET, SOURCE_SELECT_WIDGET, type SourceFormContext } from './form-sources';
import { MoneyWidget, TextOrMoneyWidget } from './money-widget';
import { SourceCheckboxesWidget } from './source-checkboxes-widget';
import { SourceSelectWidget } from './source-select-widget';
import { UploadWidget, type UploadFormContext } from './upload-widget';

/** The error summary, its links in the order the fields come on the page. */
function ErrorList({ errors, uiSchema }: ErrorListProps) {
  const described = errors.map((error) => ({ path: errorPath(error.property), message: error.message ?? error.stack }));
  return <ErrorSummary errors={inPageOrder(described, uiSchema).map(({ path, message }) => ({ fieldId: fieldId(path), message }))} />;
}

/** Questions whose inputs are a group (a fieldset whose legend is the question); `serviceCheckboxes` is the registration's list of services. */
const GROUP_WIDGETS = new Set(['radio', 'checkboxes', 'date', 'month', 'serviceCheckboxes', SOURCE_CHECKBOXES_WIDGET]);

function FieldTemplate({ id, label, children, rawErrors, rawDescription, rawHelp, hidden, displayLabel, schema, uiSchema }: FieldTemplateProps) {
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
  const widget = getUiOptions(uiSchema).widget;
  const isGroup = typeof widget === 'string' && GROUP_WIDGETS.has(widget);
  // A question's hint: its schema's description ("Excluding GST."), then its ui:help; the widgets'
  // aria-describedby (rjsf's ariaDescribedByIds) names both ids. A group's hint is its ui:help alone:
  // the stored descriptions of groups were written for one text box ("for example 2026-03" over a
  // month's Month and Year boxes would mislead).
  const description = isGroup ? undefined : rawDescription;
  const hint = (
    <>
      {description ? (
        <p id={`${id}__description`} className="form-field__hint">
          {description}
        </p>
      ) : null}
      {rawHelp ? (
        <p id={`${id}__help`} className="form-field__hint">
          {rawHelp}
        </p>
      ) : null}
    </>
  );
  const className = `form-field${hasError ? ' form-field--error' : ''}`;

  // Radio buttons, checkbox lists and a date's or month's parts are a group of inputs: a fieldset whose legend
  // is the question, with the field's id (the error summary's link focuses its first input).
  if (isGroup) {
    return (
      <fieldset id={id} className={`${className} form-field--group`} aria-describedby={[rawHelp ? `${id}__help` : '', hasError ? `${id}__error` : ''].join(' ').trim() || undefined}>
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

/** The item of a repeating group being drawn: its field id, what it is called and its number (1, 2…). */
const ArrayItemContext = createContext<{ fieldId: string; title: string; number: number } | null>(null);
/** The repeating group being drawn: the fewest items it must keep (its `minItems`) and its title. */
const ArrayGroupContext = createContext<{ minItems: number; title: string | undefined }>({ minItems: 0, title: undefined });

/**
 * A group's legend; "(optional)" is in the titles of optional questions, so no asterisk for required ones. An item of a
 * repeating group is numbered after what it is called ("Case study 2", "Amount 1"), not rjsf's "Case studies-2".
 */
function TitleField({ id, title }: TitleFieldProps) {
  const item = useContext(ArrayItemContext);
  const isItemTitle = item !== null && id === `${item.fieldId}__title`;
  return <legend id={id}>{isItemTitle ? `${item.title} ${String(item.number)}` : title}</legend>;
}

/**
 * What an item of a repeating group is called: its schema's title ("Case study"); for a line of a
 * choice and an amount without one (a billing report's), its amount's ("Amount"); else the group's.
 */
export function itemTitleOf(itemSchema: unknown, itemUi: unknown, groupTitle: string | undefined): string {
  if (isRecord(itemSchema) && typeof itemSchema.title === 'string' && itemSchema.title !== '') {
    return itemSchema.title;
  }
  return labelledAmountTitle(itemSchema, itemUi) ?? groupTitle ?? 'Item';
}

/** Whether an item of a repeating group may be removed: never below the group's `minItems` (the only required item). */
export function canRemoveItem(totalItems: number, minItems: number): boolean {
  return totalItems > Math.max(0, minItems);
}

const DefaultArrayFieldTemplate = getDefaultRegistry().templates.ArrayFieldTemplate;

function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const minItems = typeof props.schema.minItems === 'number' ? props.schema.minItems : 0;
  const title = typeof props.schema.title === 'string' ? props.schema.title : props.title;
  return (
    <ArrayGroupContext value={{ minItems, title }}>
      <DefaultArrayFieldTemplate {...props} />
    </ArrayGroupContext>
  );
}

/**
 * One item of a repeating group (GOV.UK "add another"): its fields in its own numbered fieldset,
 * then its Remove button, clear of every label; no Remove while the group holds only what it must.
 */
function ArrayFieldItemTemplate({ children, buttonsProps, index, totalItems, schema, parentUiSchema }: ArrayFieldItemTemplateProps) {
  const group = useContext(ArrayGroupContext);
  const itemTitle = itemTitleOf(schema, parentUiSchema?.items, group.title);
  const isRemovable = buttonsProps.hasRemove && canRemoveItem(totalItems, group.minItems);
  return (
    <ArrayItemContext value={{ fieldId: buttonsProps.fieldPathId.$id, title: itemTitle, number: index + 1 }}>
      <div className="array-item">
        {children}
        {isRemovable && (
          <button
            type="button"
            className="button button--secondary array-item__remove"
            disabled={buttonsProps.disabled || buttonsProps.readonly}
            onClick={buttonsProps.onRemoveItem}
          >
            Remove <span className="visually-hidden">{`${itemTitle.toLowerCase()} ${String(index + 1)}`}</span>
          </button>
        )}
      </div>
    </ArrayItemContext>
  );
}

function AddButton({ onClick, disabled }: IconButtonProps) {
  return (
    <button type="button" className="button button--secondary" onClick={onClick} disabled={disabled}>
      Add another
    </button>
  );
}

const templates = {
  ErrorListTemplate: ErrorList,
  FieldTemplate,
  TitleFieldTemplate: TitleField,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ButtonTemplates: { AddButton, SubmitButton: () => null },
};
// `money` for amounts in dollars; number fields with `'ui:options': { money: true }` get it too,
// and integer fields with `money: 'cents'` an amount typed in dollars, answered in cents.
// `date` is the GOV.UK date input (day, month, year), never the browser's locale date picker;
// `month` the same without the day. The source widgets choose ids from an API list (form-sources.ts).
const widgets = {
  upload: UploadWidget,
  money: MoneyWidget,
  TextWidget: TextOrMoneyWidget,
  CheckboxWidget,
  date: DateWidget,
  month: MonthWidget,
  [SOURCE_SELECT_WIDGET]: SourceSelectWidget,
  [SOURCE_CHECKBOXES_WIDGET]: SourceCheckboxesWidget,
};

const { NumberField: DefaultNumberField, StringField } = getDefaultRegistry().fields;

/**
 * rjsf's number field turns what is typed into a number as best it can ('1e3' is 1000, '12.345'
 * 12.345); an amount in cents is read by its own widget instead, so its text goes through as is.
 */
function NumberField(props: FieldProps) {
  if (!StringField || !DefaultNumberField) {
    throw new Error('rjsf has no string or number field');
  }
  return isCentsUi(props.uiSchema) ? <StringField {...props} /> : <DefaultNumberField {...props} />;
}

/** A question of the step that another page of it asks (`shownFields`): nothing drawn, its answer kept. */
const OFF_PAGE_FIELD = 'offPage';

const fields = { NumberField, [OFF_PAGE_FIELD]: () => null };

/** Whether the field at `path` is one the page shows (every field, when the form is the whole step). */
function isShownOn(shownFields: readonly string[] | undefined, path: readonly string[]): boolean {
  return !shownFields || shownFields.includes(path[0] ?? '');
}

/** The uiSchema with the step's questions not in `shownFields` hidden and drawn as nothing. */
function uiSchemaShowing(step: FormStep, shownFields: readonly string[] | undefined): FormStep['uiSchema'] {
  if (!shownFields) {
    return step.uiSchema;
  }
  const offPage = stepFieldKeys(step.schema).filter((key) => !shownFields.includes(key));
  return {
    ...step.uiSchema,
    ...Object.fromEntries(offPage.map((key) => [key, { ...(isRecord(step.uiSchema[key]) ? step.uiSchema[key] : {}), 'ui:widget': 'hidden', 'ui:field': OFF_PAGE_FIELD }])),
  };
}

/** The uiSchema of the field at `path` (`lines.0.amount` is `lines.items.amount`). */
function uiSchemaAt(uiSchema: unknown, path: readonly string[]): unknown {
  let current = uiSchema;
  for (const key of path) {
    if (!isRecord(current)) {
      return undefined;
    }
    current = /^\d+$/.test(key) ? current.items : current[key];
  }
  return current;
}

/** Said of an amount in cents that is not an amount to the cent: its stored definition speaks of cents, people type dollars. */
function centsTypeMessage(title: string): string {
  return `${title} must be an amount in dollars and cents, like 1250.50`;
}

/** An array of unique ids (a list of checkboxes from a source): nothing chosen until the person chooses. */
function isIdSet(schema: RJSFSchema): boolean {
  const items = schema.items;
  return schema.uniqueItems === true && typeof items === 'object' && !Array.isArray(items) && items.type === 'integer';
}

export interface SchemaFormProps {
  step: FormStep;
  validator: ValidatorType;
  formData: FormData;
  /** The form's own rules (check digits and the like), the same the API runs. */
  rules?: (data: FormData) => FieldError[];
  /** Field errors the API answered with, shown as if the form had found them. */
  serverErrors?: readonly FieldError[];
  /**
   * A page of the step (the registration's, app/registration/step-pages.ts): only these of its
   * top-level questions are drawn and checked; the others' answers are kept as they are.
   */
  shownFields?: readonly string[];
  disabled?: boolean;
  /** What widgets read besides the answers (names of files on record, other steps' answers for source lists; a form's own widgets' data). */
  formContext?: UploadFormContext & SourceFormContext & Record<string, unknown>;
  /** A form's own widgets, by the `ui:widget` names its definition uses. */
  widgets?: Record<string, Widget>;
  onChange?: (data: FormData) => void;
  onSubmit: (data: FormData) => void;
  /** The buttons (a submit button among them). */
  children: ReactNode;
}

export function SchemaForm({ step, validator, formData, rules, serverErrors = [], shownFields, disabled, formContext, widgets: ownWidgets, onChange, onSubmit, children }: SchemaFormProps) {
  const allWidgets = useMemo(() => (ownWidgets ? { ...widgets, ...ownWidgets } : widgets), [ownWidgets]);
  const schema = step.schema as RJSFSchema;
  const uiSchema = useMemo(() => uiSchemaShowing(step, shownFields), [step, shownFields]);
  const transformErrors = useMemo(() => {
    // A date's or month's own check (customValidate) says what is wrong with it; its pattern's message would repeat it.
    const dated = new Set([...dateFields(step), ...monthFields(step)]);
    return (errors: RJSFValidationError[]) =>
      errors.flatMap((error) => {
        const described = describeSchemaError(step.schema, error);
        if (!described || !isShownOn(shownFields, described.path) || (error.name === 'pattern' && described.path.length === 1 && dated.has(described.path[0] ?? ''))) {
          return [];
        }
        let message = described.message;
        if (error.name === 'type' && isCentsUi(uiSchemaAt(step.uiSchema, described.path))) {
          const field = fieldSchemaAt(step.schema, described.path);
          message = centsTypeMessage(typeof field?.title === 'string' ? field.title : 'Amount');
        }
        return [{ ...error, property: `.${described.path.join('.')}`, message, stack: message }];
      });
  }, [step, shownFields]);
  const extraErrors = useMemo(() => (serverErrors.length > 0 ? toErrorSchema(serverErrors) : undefined), [serverErrors]);
  return (
    <Form
      className="schema-form"
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      formData={formData}
      templates={templates}
      fields={fields}
      widgets={allWidgets}
      noHtml5Validate
      // A `const: true` declaration ("I confirm…") starts unticked: the person ticks it. A set of
      // chosen ids (services) starts with none chosen, not with a blank item for each it needs.
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'never', arrayMinItems: { populate: 'all', computeSkipPopulate: (_validator, schema) => isIdSet(schema) } }}
      showErrorList="top"
      focusOnFirstError={false}
      omitExtraData
      liveOmit="onChange"
      transformErrors={transformErrors}
      customValidate={(data, validation) => {
        const answers = (data ?? {}) as FormData;
        const errors = [...dateFieldErrors(step, answers), ...monthFieldErrors(step, answers), ...(rules?.(answers) ?? [])];
        return addFieldErrors(validation, errors.filter((error) => isShownOn(shownFields, error.path)));
      }}
      extraErrors={extraErrors}
      disabled={disabled}
      formContext={formContext}
      // The error summary shows the failures; without a handler rjsf would log them to the team's app.
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
