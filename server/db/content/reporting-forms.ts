/**
 * The engagement notice and billing report forms (spec §3): stored as rows of `form_definitions`
 * at start (`./index.ts`); a record keeps the version it was started on, so a change is a new
 * version here, never an edit of a stored one. The agency, services and notice fields hold ids
 * from the source lists (`ui:options.source`, relative to the API base); the server checks each
 * against the supplier's own (approved services, its submitted notices). Money is whole cents.
 */
import { BILLING_PERIOD_PATTERN, BILLING_REPORT_FORM_KEY, REPORT_FIELDS, REPORT_STEPS } from '../../../common/reporting/billing-reports';
import { ENGAGEMENT_NOTICE_FORM_KEY, NOTICE_FIELDS, NOTICE_STEPS } from '../../../common/reporting/engagement-notices';
import type { FormDefinition, JsonSchema, UiSchema } from '../../../common/forms/definition';
import { name, text, textareaUi } from '../../../common/forms/builders';
import { MAX_BILLED_AMOUNT_CENTS, MAX_ENGAGEMENT_VALUE_CENTS } from '../../../common/money';
import { MAX_ID } from '../../../common/api/http';

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const MAX_SERVICES = 50;
const MAX_LINES = 50;

function idField(title: string, required: string): JsonSchema {
  return { type: 'integer', title, minimum: 1, maximum: MAX_ID, errorMessages: { required, type: required, minimum: required, maximum: required } };
}

function moneyField(title: string, description: string, maximum: number, required: string): JsonSchema {
  return {
    type: 'integer',
    title,
    description,
    minimum: 0,
    maximum,
    errorMessages: {
      required,
      type: `${title} must be an amount in cents, a whole number`,
      minimum: `${title} cannot be negative`,
      maximum: `${title} is more than the marketplace accepts`,
    },
  };
}

const engagement: JsonSchema = {
  type: 'object',
  required: [NOTICE_FIELDS.agency, NOTICE_FIELDS.title, NOTICE_FIELDS.services],
  properties: {
    [NOTICE_FIELDS.agency]: idField('Agency', 'Select the agency you are engaged by'),
    [NOTICE_FIELDS.title]: name('Engagement title', 200, { errorMessages: { required: 'Enter a title for the engagement' } }),
    [NOTICE_FIELDS.reference]: text('Agency reference (optional)', 100, { description: 'The contract or purchase order number the agency gave you.' }),
    [NOTICE_FIELDS.services]: {
      type: 'array',
      title: 'Services',
      description: 'The services you provide in this engagement.',
      items: { type: 'integer', minimum: 1, maximum: MAX_ID },
      uniqueItems: true,
      minItems: 1,
      maxItems: MAX_SERVICES,
      errorMessages: { required: 'Select at least one service', minItems: 'Select at least one service' },
    },
  },
};

const engagementUi: UiSchema = {
  'ui:order': [NOTICE_FIELDS.agency, NOTICE_FIELDS.title, NOTICE_FIELDS.reference, NOTICE_FIELDS.services],
  [NOTICE_FIELDS.agency]: { 'ui:widget': 'source-select', 'ui:options': { source: 'engagement-notice/agency' } },
  [NOTICE_FIELDS.services]: { 'ui:widget': 'source-checkboxes', 'ui:options': { source: 'service?approved=true' } },
};

const datesAndValue: JsonSchema = {
  type: 'object',
  required: [NOTICE_FIELDS.startDate, NOTICE_FIELDS.endDate, NOTICE_FIELDS.value],
  properties: {
    [NOTICE_FIELDS.startDate]: {
      type: 'string',
      title: 'Start date',
      pattern: DATE_PATTERN,
      errorMessages: { required: 'Enter the date the engagement starts', pattern: 'Enter the start date as a real date' },
    },
    [NOTICE_FIELDS.endDate]: {
      type: 'string',
      title: 'End date',
      pattern: DATE_PATTERN,
      errorMessages: { required: 'Enter the date the engagement ends', pattern: 'Enter the end date as a real date' },
    },
    [NOTICE_FIELDS.value]: moneyField('Value', 'The engagement\u2019s total value in NZ dollars, excluding GST.', MAX_ENGAGEMENT_VALUE_CENTS, 'Enter the value of the engagement'),
    description: text('Description (optional)', 2000),
  },
};

const datesAndValueUi: UiSchema = {
  'ui:order': [NOTICE_FIELDS.startDate, NOTICE_FIELDS.endDate, NOTICE_FIELDS.value, 'description'],
  [NOTICE_FIELDS.startDate]: { 'ui:widget': 'date' },
  [NOTICE_FIELDS.endDate]: { 'ui:widget': 'date' },
  [NOTICE_FIELDS.value]: { 'ui:options': { inputMode: 'decimal', money: 'cents' } },
  description: textareaUi(5),
};

export const engagementNoticeFormV1: FormDefinition = {
  key: ENGAGEMENT_NOTICE_FORM_KEY,
  version: 1,
  steps: [
    { id: NOTICE_STEPS.engagement, title: 'The engagement', description: 'The agency, what the engagement is called and the services it covers.', schema: engagement, uiSchema: engagementUi },
    { id: NOTICE_STEPS.datesAndValue, title: 'Dates and value', description: 'When the engagement runs and what it is worth.', schema: datesAndValue, uiSchema: datesAndValueUi },
  ],
};

const reportEngagement: JsonSchema = {
  type: 'object',
  required: [REPORT_FIELDS.engagementNotice, REPORT_FIELDS.billingPeriod],
  properties: {
    [REPORT_FIELDS.engagementNotice]: idField('Engagement notice', 'Select the engagement notice you billed against'),
    [REPORT_FIELDS.billingPeriod]: {
      type: 'string',
      title: 'Billing period',
      description: 'The month you billed, for example 2026-03.',
      pattern: BILLING_PERIOD_PATTERN,
      errorMessages: { required: 'Enter the month you billed', pattern: 'Enter the month as a year and month, for example 2026-03' },
    },
  },
};

const reportEngagementUi: UiSchema = {
  'ui:order': [REPORT_FIELDS.engagementNotice, REPORT_FIELDS.billingPeriod],
  [REPORT_FIELDS.engagementNotice]: { 'ui:widget': 'source-select', 'ui:options': { source: 'billing-report/engagement-notices' } },
  [REPORT_FIELDS.billingPeriod]: { 'ui:widget': 'month' },
};

const amounts: JsonSchema = {
  type: 'object',
  required: [REPORT_FIELDS.lines],
  properties: {
    [REPORT_FIELDS.lines]: {
      type: 'array',
      title: 'Amounts billed',
      description: 'What you billed for each service this month, in NZ dollars, excluding GST.',
      minItems: 1,
      maxItems: MAX_LINES,
      items: {
        type: 'object',
        required: [REPORT_FIELDS.service, REPORT_FIELDS.amount],
        properties: {
          [REPORT_FIELDS.service]: idField('Service', 'Select the service you billed for'),
          [REPORT_FIELDS.amount]: moneyField('Amount', 'Excluding GST.', MAX_BILLED_AMOUNT_CENTS, 'Enter the amount you billed'),
        },
      },
      errorMessages: { required: 'Add the amount you billed', minItems: 'Add the amount you billed' },
    },
    notes: text('Notes (optional)', 1000),
  },
};

const amountsUi: UiSchema = {
  'ui:order': [REPORT_FIELDS.lines, 'notes'],
  [REPORT_FIELDS.lines]: {
    'ui:options': { orderable: false, addable: true, removable: true },
    items: {
      [REPORT_FIELDS.service]: { 'ui:widget': 'source-select', 'ui:options': { source: 'billing-report/services', sourceQuery: { engagementNotice: REPORT_FIELDS.engagementNotice } } },
      [REPORT_FIELDS.amount]: { 'ui:options': { inputMode: 'decimal', money: 'cents' } },
    },
  },
  notes: textareaUi(4),
};

export const billingReportFormV1: FormDefinition = {
  key: BILLING_REPORT_FORM_KEY,
  version: 1,
  steps: [
    { id: REPORT_STEPS.engagement, title: 'Engagement and month', description: 'The engagement notice and the month you billed.', schema: reportEngagement, uiSchema: reportEngagementUi },
    { id: REPORT_STEPS.amounts, title: 'Amounts billed', description: 'What you billed for each service.', schema: amounts, uiSchema: amountsUi },
  ],
};
