/**
 * The application forms' content (spec §3 "Supplier application"): the `application` form's common
 * steps every application has, and the `catalogue` template each catalogue's step is built from
 * (server/modules/forms/catalogue-forms.ts). Stored as rows of `form_definitions` at start
 * (`./index.ts`); a record keeps the versions it was started on, so a change is a new version here,
 * never an edit of a stored one.
 *
 * Schemas use `pattern`, never `format`: the browser's precompiled validators cannot load
 * ajv-formats. Conditional fields live in `allOf: [{ if, then }]` like the supplier details form.
 */
import { UUID_PATTERN, type UploadFolder } from '../../../common/api/uploads';
import type { FormDefinition, JsonSchema, UiSchema } from '../../../common/forms/definition';
import { choice, radioUi, text, textareaUi as textareaUiOf, when, YES_NO } from '../../../common/forms/builders';
import { INSURANCE_TYPES } from '../../../common/supplier-details/form';

export const APPLICATION_FORM_KEY = 'application';
export const CATALOGUE_FORM_KEY = 'catalogue';

const SHORT_TEXT = 200;
const LONG_TEXT = 2000;
/** A policy's cover in whole dollars, up to a trillion. */
const MAX_COVER = 1_000_000_000_000;
/** A day rate in whole dollars. */
const MAX_DAY_RATE = 100_000;
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

const textareaUi = textareaUiOf(5);

const DELIVERY_MODELS = [
  { value: 'onsite', label: 'On site, at the agency' },
  { value: 'remote', label: 'Remotely' },
  { value: 'hybrid', label: 'A mix of on site and remote' },
] as const;

const PRICING_APPROACHES = [
  { value: 'fixed_price', label: 'Fixed price' },
  { value: 'time_and_materials', label: 'Time and materials (day rates)' },
  { value: 'subscription', label: 'Subscription or licence' },
  { value: 'mixed', label: 'A mix of these' },
] as const;

const CERTIFICATIONS = [
  'ISO 9001 (quality management)',
  'ISO 14001 (environmental management)',
  'ISO 27001 (information security)',
  'ISO 45001 (health and safety)',
  'SOC 2',
  'PCI DSS',
  'NZISM compliance',
] as const;

const yourOffer: JsonSchema = {
  type: 'object',
  required: ['offer_summary', 'delivery_model', 'pricing_approach'],
  properties: {
    offer_summary: text('Summary of your offer', LONG_TEXT, {
      errorMessages: { required: 'Describe what you offer to agencies' },
    }),
    delivery_model: choice('How do you deliver your services?', DELIVERY_MODELS, 'Select how you deliver your services'),
    pricing_approach: choice('How do you price your services?', PRICING_APPROACHES, 'Select how you price your services'),
  },
  allOf: [
    when(
      'pricing_approach',
      'mixed',
      { pricing_notes: text('Describe how you combine them', LONG_TEXT, { errorMessages: { required: 'Describe how you combine your pricing approaches' } }) },
      ['pricing_notes'],
    ),
  ],
};

const yourOfferUi: UiSchema = {
  'ui:order': ['offer_summary', 'delivery_model', 'pricing_approach', 'pricing_notes'],
  offer_summary: { ...textareaUi, 'ui:help': 'What you offer, for whom, and what sets you apart. Up to 2,000 characters.' },
  delivery_model: radioUi(DELIVERY_MODELS),
  pricing_approach: radioUi(PRICING_APPROACHES),
  pricing_notes: textareaUi,
};

const declarations: JsonSchema = {
  type: 'object',
  required: ['has_conflicts', 'information_confirmed'],
  properties: {
    has_conflicts: choice(
      'Does your business, or anyone in it, have a conflict of interest with a government agency?',
      YES_NO,
      'Say whether there is a conflict of interest',
    ),
    certifications: {
      type: 'array',
      title: 'Certifications and standards you hold (optional)',
      items: { type: 'string', enum: [...CERTIFICATIONS] },
      uniqueItems: true,
      maxItems: CERTIFICATIONS.length,
    },
    information_confirmed: {
      type: 'boolean',
      title: 'I confirm the information in this application is true and complete',
      const: true,
      errorMessages: {
        required: 'Confirm the information in this application is true and complete',
        const: 'Confirm the information in this application is true and complete',
      },
    },
  },
  allOf: [
    when(
      'has_conflicts',
      'yes',
      {
        conflict_details: text('Describe the conflict and how you manage it', LONG_TEXT, {
          errorMessages: { required: 'Describe the conflict of interest and how you manage it' },
        }),
      },
      ['conflict_details'],
    ),
  ],
};

const declarationsUi: UiSchema = {
  'ui:order': ['has_conflicts', 'conflict_details', 'certifications', 'information_confirmed'],
  has_conflicts: radioUi(YES_NO, { inline: true }),
  conflict_details: textareaUi,
  certifications: { 'ui:widget': 'checkboxes' },
  information_confirmed: { 'ui:widget': 'checkbox' },
};

export const applicationFormV1: FormDefinition = {
  key: APPLICATION_FORM_KEY,
  version: 1,
  steps: [
    {
      id: 'your-offer',
      title: 'Your offer',
      description: 'What you offer agencies, how you deliver it and how you price it.',
      schema: yourOffer,
      uiSchema: yourOfferUi,
    },
    {
      id: 'declarations',
      title: 'Declarations',
      description: 'Conflicts of interest, the standards you hold, and your confirmation.',
      schema: declarations,
      uiSchema: declarationsUi,
    },
  ],
};

const caseStudy: JsonSchema = {
  type: 'object',
  title: 'Case study',
  required: ['client', 'description', 'outcome', 'year'],
  properties: {
    client: text('Client', SHORT_TEXT, { errorMessages: { required: 'Enter the client of the case study' } }),
    description: text('What you did', LONG_TEXT, { errorMessages: { required: 'Describe what you did for the client' } }),
    outcome: text('Outcome', LONG_TEXT, { errorMessages: { required: 'Describe the outcome for the client' } }),
    year: {
      type: 'integer',
      title: 'Year',
      minimum: 1950,
      maximum: 2100,
      errorMessages: { required: 'Enter the year of the work', type: 'Enter the year as 4 digits' },
    },
  },
};

const capability: JsonSchema = {
  type: 'object',
  required: ['capability_statement', 'case_studies', 'day_rate', 'available_from'],
  properties: {
    capability_statement: text('Capability statement', 4000, {
      errorMessages: { required: 'Enter your capability statement for this catalogue' },
    }),
    case_studies: {
      type: 'array',
      title: 'Case studies',
      description: 'Between one and five pieces of work like the services you apply for.',
      minItems: 1,
      maxItems: 5,
      items: caseStudy,
      errorMessages: { required: 'Add at least one case study', minItems: 'Add at least one case study' },
    },
    day_rate: {
      type: 'integer',
      title: 'Day rate',
      description: 'Your standard day rate in whole dollars, excluding GST.',
      minimum: 0,
      maximum: MAX_DAY_RATE,
      errorMessages: { required: 'Enter your day rate in whole dollars', type: 'Enter your day rate in whole dollars' },
    },
    insurance: {
      type: 'object',
      title: 'Insurance cover',
      description: 'The cover of each policy you hold, in dollars. Leave blank the types you do not hold.',
      properties: Object.fromEntries(
        INSURANCE_TYPES.map(({ key, label }) => [key, { type: 'integer', title: label, minimum: 0, maximum: MAX_COVER }]),
      ),
    },
    capability_document: {
      type: 'string',
      title: 'Capability document (optional)',
      pattern: UUID_PATTERN,
      errorMessages: { pattern: 'Upload your capability document again' },
    },
    available_from: {
      type: 'string',
      title: 'Available from',
      pattern: DATE_PATTERN,
      errorMessages: { required: 'Enter the date you can start work', pattern: 'Enter the date as YYYY-MM-DD' },
    },
  },
};

const capabilityUi: UiSchema = {
  'ui:order': ['capability_statement', 'case_studies', 'day_rate', 'insurance', 'capability_document', 'available_from'],
  capability_statement: { ...textareaUi, 'ui:help': 'Your experience and capability in this catalogue. Up to 4,000 characters.' },
  case_studies: {
    'ui:options': { orderable: false, addable: true, removable: true },
    items: { description: textareaUi, outcome: textareaUi, year: { 'ui:options': { inputMode: 'numeric' } } },
  },
  day_rate: { 'ui:options': { inputMode: 'numeric', money: true } },
  insurance: Object.fromEntries(INSURANCE_TYPES.map(({ key }) => [key, { 'ui:options': { inputMode: 'numeric', money: true } }])),
  capability_document: {
    'ui:widget': 'upload',
    'ui:help': 'PDF, Word, Excel or an image, up to 10 MB.',
    'ui:options': { folder: 'ApplicationFiles' satisfies UploadFolder },
  },
  available_from: { 'ui:widget': 'date' },
};

/**
 * The template of every catalogue's step: one step, whose id and title the composed form replaces
 * (`catalogue-<catalogueId>`, "<catalogue title>: your capability").
 */
export const catalogueFormV1: FormDefinition = {
  key: CATALOGUE_FORM_KEY,
  version: 1,
  steps: [
    {
      id: 'capability',
      title: 'your capability',
      description: 'Your capability, case studies, pricing and insurance for the services of this catalogue.',
      schema: capability,
      uiSchema: capabilityUi,
    },
  ],
};
