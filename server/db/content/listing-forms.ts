/**
 * The service listing form (issue 30): what a supplier offers for one granted service, as buyers
 * read it. Stored as rows of `form_definitions` at start (`./index.ts`), like the other forms, so a
 * question is added as a new version, never by editing a stored one; a listing keeps the version it
 * was written on. Money is whole cents, NZD excluding GST; dates are ISO (yyyy-mm-dd).
 */
import type { UploadFolder } from '../../../common/api/uploads';
import { UUID_PATTERN } from '../../../common/api/uploads';
import { text, textareaUi, radioUi } from '../../../common/forms/builders';
import type { FormDefinition, JsonSchema, UiSchema } from '../../../common/forms/definition';
import {
  DELIVERY_LOCATIONS,
  DELIVERY_MODES,
  LISTING_DOCUMENT_KINDS,
  LISTING_FIELDS,
  LISTING_STEPS,
  LISTING_SUMMARY_MAX_LENGTH,
  MAX_LISTING_DOCUMENTS,
  MAX_LISTING_ITEMS,
  PRICING_MODELS,
  SERVICE_LISTING_FORM_KEY,
} from '../../../common/listings/service-listings';
import { MAX_ENGAGEMENT_VALUE_CENTS } from '../../../common/money';

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const ITEM_MAX_LENGTH = 200;
const LONG_TEXT_MAX_LENGTH = 2000;

/** A list of short lines, one to MAX_LISTING_ITEMS, added one at a time. */
function lines(title: string, description: string, itemTitle: string, required: string): JsonSchema {
  return {
    type: 'array',
    title,
    description,
    minItems: 1,
    maxItems: MAX_LISTING_ITEMS,
    items: text(itemTitle, ITEM_MAX_LENGTH, { minLength: 1, errorMessages: { minLength: required } }),
    errorMessages: { required, minItems: required, maxItems: `Give at most ${String(MAX_LISTING_ITEMS)}` },
  };
}

function price(title: string, description: string): JsonSchema {
  return {
    type: 'integer',
    title,
    description,
    minimum: 0,
    maximum: MAX_ENGAGEMENT_VALUE_CENTS,
    errorMessages: {
      required: 'Enter the lowest price',
      type: `${title} must be an amount in cents, a whole number`,
      minimum: `${title} cannot be negative`,
      maximum: `${title} is more than the marketplace accepts`,
    },
  };
}

const about: JsonSchema = {
  type: 'object',
  required: [LISTING_FIELDS.summary, LISTING_FIELDS.features, LISTING_FIELDS.benefits],
  properties: {
    [LISTING_FIELDS.summary]: text('Summary', LISTING_SUMMARY_MAX_LENGTH, {
      description: 'What the service is and who it is for, in a few sentences. Buyers see this first.',
      minLength: 1,
      errorMessages: { required: 'Enter a summary of the service', minLength: 'Enter a summary of the service' },
    }),
    [LISTING_FIELDS.features]: lines('Features', 'What the service does or includes, one feature at a time.', 'Feature', 'Add at least one feature'),
    [LISTING_FIELDS.benefits]: lines('Benefits', 'What an agency gains from the service, one benefit at a time.', 'Benefit', 'Add at least one benefit'),
  },
};

const addAnother: UiSchema = { 'ui:options': { orderable: false, addable: true, removable: true } };

const aboutUi: UiSchema = {
  'ui:order': [LISTING_FIELDS.summary, LISTING_FIELDS.features, LISTING_FIELDS.benefits],
  [LISTING_FIELDS.summary]: textareaUi(5),
  [LISTING_FIELDS.features]: addAnother,
  [LISTING_FIELDS.benefits]: addAnother,
};

const delivery: JsonSchema = {
  type: 'object',
  required: [LISTING_FIELDS.deliveryModes, LISTING_FIELDS.locations],
  properties: {
    [LISTING_FIELDS.deliveryModes]: {
      type: 'array',
      title: 'How you deliver the service',
      items: { type: 'string', enum: DELIVERY_MODES.map((mode) => mode.value) },
      uniqueItems: true,
      minItems: 1,
      errorMessages: { required: 'Select how you deliver the service', minItems: 'Select how you deliver the service' },
    },
    [LISTING_FIELDS.locations]: {
      type: 'array',
      title: 'Where you deliver the service',
      description: 'The regions where you can work with an agency.',
      items: { type: 'string', enum: [...DELIVERY_LOCATIONS] },
      uniqueItems: true,
      minItems: 1,
      errorMessages: { required: 'Select at least one region', minItems: 'Select at least one region' },
    },
  },
};

const deliveryUi: UiSchema = {
  'ui:order': [LISTING_FIELDS.deliveryModes, LISTING_FIELDS.locations],
  // A list of choices takes its labels from its items' uiSchema.
  [LISTING_FIELDS.deliveryModes]: { 'ui:widget': 'checkboxes', items: { 'ui:enumNames': DELIVERY_MODES.map((mode) => mode.label) }, 'ui:help': 'Select all that apply.' },
  [LISTING_FIELDS.locations]: { 'ui:widget': 'checkboxes', 'ui:help': 'Select all that apply.' },
};

const pricing: JsonSchema = {
  type: 'object',
  required: [LISTING_FIELDS.pricingModel, LISTING_FIELDS.priceFrom, LISTING_FIELDS.included],
  properties: {
    [LISTING_FIELDS.pricingModel]: {
      type: 'string',
      title: 'How the service is priced',
      enum: PRICING_MODELS.map((model) => model.value),
      errorMessages: { required: 'Select how the service is priced' },
    },
    [LISTING_FIELDS.priceFrom]: price('Lowest price', 'In NZ dollars, excluding GST.'),
    [LISTING_FIELDS.priceTo]: price('Highest price (optional)', 'Leave this empty for a single price.'),
    [LISTING_FIELDS.priceUnit]: text('What the price is for (optional)', 100, { description: 'For example per day, per user per month, or for the whole service.' }),
    [LISTING_FIELDS.included]: text('What the price includes', LONG_TEXT_MAX_LENGTH, {
      minLength: 1,
      errorMessages: { required: 'Say what the price includes', minLength: 'Say what the price includes' },
    }),
  },
};

const pricingUi: UiSchema = {
  'ui:order': [LISTING_FIELDS.pricingModel, LISTING_FIELDS.priceFrom, LISTING_FIELDS.priceTo, LISTING_FIELDS.priceUnit, LISTING_FIELDS.included],
  [LISTING_FIELDS.pricingModel]: radioUi(PRICING_MODELS),
  [LISTING_FIELDS.priceFrom]: { 'ui:options': { inputMode: 'decimal', money: 'cents' } },
  [LISTING_FIELDS.priceTo]: { 'ui:options': { inputMode: 'decimal', money: 'cents' } },
  [LISTING_FIELDS.included]: textareaUi(4),
};

const serviceLevels: JsonSchema = {
  type: 'object',
  required: [LISTING_FIELDS.serviceLevels],
  properties: {
    [LISTING_FIELDS.serviceLevels]: text('Service levels', LONG_TEXT_MAX_LENGTH, {
      description: 'Your support hours, response times and availability.',
      minLength: 1,
      errorMessages: { required: 'Describe your service levels', minLength: 'Describe your service levels' },
    }),
  },
};

const serviceLevelsUi: UiSchema = {
  'ui:order': [LISTING_FIELDS.serviceLevels],
  [LISTING_FIELDS.serviceLevels]: textareaUi(5),
};

const documents: JsonSchema = {
  type: 'object',
  properties: {
    [LISTING_FIELDS.documents]: {
      type: 'array',
      title: 'Documents (optional)',
      description: 'Your pricing document, terms, service definition, case studies, and certificates with the date they expire.',
      maxItems: MAX_LISTING_DOCUMENTS,
      items: {
        type: 'object',
        required: [LISTING_FIELDS.documentKind, LISTING_FIELDS.documentFile],
        properties: {
          [LISTING_FIELDS.documentKind]: {
            type: 'string',
            title: 'What the document is',
            enum: LISTING_DOCUMENT_KINDS.map((kind) => kind.value),
            errorMessages: { required: 'Select what the document is' },
          },
          [LISTING_FIELDS.documentFile]: {
            type: 'string',
            title: 'File',
            pattern: UUID_PATTERN,
            errorMessages: { required: 'Upload the document', pattern: 'Upload the document again' },
          },
          [LISTING_FIELDS.documentExpires]: {
            type: 'string',
            title: 'Expiry date (optional)',
            description: 'For a certificate or accreditation: the date it stops being valid.',
            pattern: DATE_PATTERN,
            errorMessages: { pattern: 'Enter the expiry date as a real date' },
          },
          [LISTING_FIELDS.documentBuyersOnly]: {
            type: 'boolean',
            title: 'Only signed-in buyers may download it',
          },
        },
      },
      errorMessages: { maxItems: `Add at most ${String(MAX_LISTING_DOCUMENTS)} documents` },
    },
  },
};

const documentsUi: UiSchema = {
  'ui:order': [LISTING_FIELDS.documents],
  [LISTING_FIELDS.documents]: {
    ...addAnother,
    items: {
      'ui:order': [LISTING_FIELDS.documentKind, LISTING_FIELDS.documentFile, LISTING_FIELDS.documentExpires, LISTING_FIELDS.documentBuyersOnly],
      [LISTING_FIELDS.documentKind]: radioUi(LISTING_DOCUMENT_KINDS),
      [LISTING_FIELDS.documentFile]: {
        'ui:widget': 'upload',
        'ui:help': 'PDF, Word, Excel or an image, up to 10 MB.',
        'ui:options': { folder: 'ListingDocuments' satisfies UploadFolder },
      },
      [LISTING_FIELDS.documentExpires]: { 'ui:widget': 'date' },
      [LISTING_FIELDS.documentBuyersOnly]: { 'ui:widget': 'checkbox' },
    },
  },
};

export const serviceListingFormV1: FormDefinition = {
  key: SERVICE_LISTING_FORM_KEY,
  version: 1,
  steps: [
    { id: LISTING_STEPS.about, title: 'About the service', description: 'A summary, its features and its benefits.', schema: about, uiSchema: aboutUi },
    { id: LISTING_STEPS.delivery, title: 'How and where you deliver it', description: 'Remotely or on site, and the regions you cover.', schema: delivery, uiSchema: deliveryUi },
    { id: LISTING_STEPS.pricing, title: 'Pricing', description: 'How the service is priced, and what the price includes.', schema: pricing, uiSchema: pricingUi },
    { id: LISTING_STEPS.serviceLevels, title: 'Service levels', description: 'Support, response times and availability.', schema: serviceLevels, uiSchema: serviceLevelsUi },
    { id: LISTING_STEPS.documents, title: 'Documents', description: 'Documents buyers can download, and certificates that expire.', schema: documents, uiSchema: documentsUi },
  ],
};
