/**
 * The supplier details form (spec §3 "Supplier details", issue 4): the definition served by
 * GET /api/v1/supplier-registration/update_form, whose three steps are the child screens of
 * /supplier/edit. Conditions show a field only when an answer needs it (head office address,
 * GST number, reasons, the financial statement upload). The public-profile step (issue 10) holds
 * what buyers read on the supplier's public profile: a description and how to contact the business.
 */
import { choice, name, radioUi, text as textAnswer, textareaUi as textareaUiOf, when, YES_NO } from '../forms/builders';
import type { FormDefinition, JsonSchema, UiSchema } from '../forms/definition';
import { UUID_PATTERN, type UploadFolder } from '../api/uploads';
import { POSTCODE_PATTERN } from '../business-numbers';
import { INSURANCE_NAME_MAX_LENGTH, INSURANCE_TYPES, MAX_COVER, OTHER_INSURANCE_MAX_ITEMS } from './insurance';
import { SUPPLIER_DETAILS_STEP_TITLES } from './steps';

export { SUPPLIER_DETAILS_STEP_IDS, type SupplierDetailsStepId } from './steps';
/** Spec §3 insurance types; each holds the cover in dollars. Other types go to `other_insurance` (./insurance.ts). */
export { INSURANCE_TYPES } from './insurance';

export const SUPPLIER_DETAILS_FORM_KEY = 'supplier-details';
/** Raise when a step's schema changes: clients holding the old one are told to reload. */
export const SUPPLIER_DETAILS_FORM_VERSION = 2;

export const COUNTRIES = ['New Zealand', 'Australia'] as const;
export type Country = (typeof COUNTRIES)[number];

export const COMPANY_TYPES = [
  'Limited liability company',
  'Sole trader',
  'Partnership',
  'Trust',
  'Incorporated society',
  'Co-operative company',
  'Public entity',
] as const;

export const COMPANY_STATUSES = ['Registered', 'In receivership', 'In voluntary administration', 'In liquidation'] as const;

export const GST_STATUSES = [
  { value: 'registered', label: 'Registered for GST' },
  { value: 'not_registered', label: 'Not registered for GST' },
] as const;

export const COMPANY_SIZES = [
  { value: '1', label: 'Just me' },
  { value: '2-19', label: '2 to 19 people' },
  { value: '20-49', label: '20 to 49 people' },
  { value: '50-199', label: '50 to 199 people' },
  { value: '200+', label: '200 people or more' },
] as const;

const SHORT_TEXT = 200;
/** The description buyers read at the top of the public profile: a paragraph, not a brochure. */
export const DESCRIPTION_MAX_LENGTH = 600;
/** An email address's longest form (RFC 5321 path limit). */
const EMAIL_MAX_LENGTH = 254;
/** Something before an @, something after it with a dot in it; no spaces, angle brackets or quotes. */
export const EMAIL_PATTERN = '^[^\\s@<>"]+@[^\\s@<>"]+\\.[^\\s@<>"]+$';
/**
 * A phone number as people write it: an optional +, then 7 to 15 digits, single spaces or hyphens
 * between them (04 555 0142, 021-555-014, +64 4 555 0142).
 */
export const PHONE_PATTERN = '^\\+?[0-9](?:[ -]?[0-9]){6,14}$';
/** An http or https address; rules.ts checks the rest (a host) with the URL parser. */
export const WEBSITE_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$';
const WEBSITE_MAX_LENGTH = 300;
const LONG_TEXT = 2000;

function text(title: string, maxLength = SHORT_TEXT, extra: JsonSchema = {}): JsonSchema {
  return textAnswer(title, maxLength, extra);
}

function yesNo(title: string, required: string): JsonSchema {
  return choice(title, YES_NO, required);
}

function address(title: string): JsonSchema {
  return {
    type: 'object',
    title,
    required: ['line_1', 'city', 'postcode', 'country'],
    properties: {
      line_1: text('Address line 1', SHORT_TEXT, { errorMessages: { required: 'Enter the first line of the address' } }),
      line_2: text('Address line 2 (optional)'),
      city: text('Town or city', 100, { errorMessages: { required: 'Enter the town or city' } }),
      state: text('Region or state (optional)', 100),
      postcode: text('Postcode', 4, {
        pattern: POSTCODE_PATTERN,
        errorMessages: { required: 'Enter the postcode', pattern: 'Enter a postcode of 4 digits', maxLength: 'Enter a postcode of 4 digits' },
      }),
      country: { type: 'string', title: 'Country', enum: [...COUNTRIES], errorMessages: { required: 'Select the country' } },
    },
  };
}

const yesNoUi = radioUi(YES_NO, { inline: true });
const textareaUi = textareaUiOf(4);
const addressUi: UiSchema = {
  'ui:order': ['line_1', 'line_2', 'city', 'state', 'postcode', 'country'],
  line_1: { 'ui:autocomplete': 'address-line1' },
  line_2: { 'ui:autocomplete': 'address-line2' },
  city: { 'ui:autocomplete': 'address-level2' },
  state: { 'ui:autocomplete': 'address-level1' },
  postcode: { 'ui:autocomplete': 'postal-code', 'ui:options': { inputMode: 'numeric' } },
  country: { 'ui:placeholder': 'Select a country' },
};

const companyDetails: JsonSchema = {
  type: 'object',
  required: [
    'trading_name',
    'legal_name',
    'maori_business',
    'registered_address',
    'same_as_head_office',
    'type_of_company',
    'business_owner',
    'company_status',
    'gst_status',
    'size_of_company',
    'years_in_business',
    'operational_location',
  ],
  properties: {
    trading_name: name('Trading name', SHORT_TEXT, { errorMessages: { required: 'Enter your trading name' } }),
    legal_name: name('Legal name', SHORT_TEXT, { errorMessages: { required: 'Enter your legal name as registered' } }),
    maori_business: yesNo('Is your business a Māori business?', 'Say whether your business is a Māori business'),
    registered_address: address('Registered address'),
    same_as_head_office: yesNo('Is your head office at the registered address?', 'Say whether your head office is at the registered address'),
    type_of_company: { type: 'string', title: 'Type of company', enum: [...COMPANY_TYPES] },
    business_owner: text('Business owner or chief executive', SHORT_TEXT, {
      errorMessages: { required: 'Enter the name of the business owner or chief executive' },
    }),
    company_status: { type: 'string', title: 'Company status', enum: [...COMPANY_STATUSES] },
    industry_classification: text('Industry classification (optional)', SHORT_TEXT),
    nzbn: text('New Zealand Business Number (NZBN)', 20, {
      pattern: '^[0-9 ]+$',
      errorMessages: { pattern: 'Enter the NZBN as 13 digits', maxLength: 'Enter the NZBN as 13 digits' },
    }),
    gst_status: { type: 'string', title: 'GST status', enum: GST_STATUSES.map((status) => status.value) },
    abn: text('Australian Business Number (ABN)', 20, {
      pattern: '^[0-9 ]+$',
      errorMessages: { pattern: 'Enter the ABN as 11 digits', maxLength: 'Enter the ABN as 11 digits' },
    }),
    acn: text('Australian Company Number (ACN, optional)', 20, {
      pattern: '^[0-9 ]+$',
      errorMessages: { pattern: 'Enter the ACN as 9 digits', maxLength: 'Enter the ACN as 9 digits' },
    }),
    size_of_company: { type: 'string', title: 'Size of company', enum: COMPANY_SIZES.map((size) => size.value) },
    years_in_business: { type: 'integer', title: 'Years in business', minimum: 0, maximum: 500 },
    operational_location: text('Where your business operates', 500, {
      errorMessages: { required: 'Enter the regions or cities where your business operates' },
    }),
    support_location: text('Where you provide support from (optional)', 500),
    support_size: { type: 'integer', title: 'Number of support staff (optional)', minimum: 0, maximum: 1_000_000 },
  },
  allOf: [
    when('same_as_head_office', 'no', { head_office_address: address('Head office address') }, ['head_office_address']),
    when(
      'gst_status',
      'registered',
      {
        gst_number: text('GST number', 20, {
          pattern: '^[0-9 -]+$',
          errorMessages: { required: 'Enter your GST number', pattern: 'Enter the GST number in digits' },
        }),
      },
      ['gst_number'],
    ),
  ],
};

const companyDetailsUi: UiSchema = {
  'ui:order': [
    'trading_name',
    'legal_name',
    'maori_business',
    'registered_address',
    'same_as_head_office',
    'head_office_address',
    'type_of_company',
    'business_owner',
    'company_status',
    'industry_classification',
    'nzbn',
    'abn',
    'acn',
    'gst_status',
    'gst_number',
    'size_of_company',
    'years_in_business',
    'operational_location',
    'support_location',
    'support_size',
  ],
  trading_name: { 'ui:autocomplete': 'organization' },
  maori_business: yesNoUi,
  registered_address: addressUi,
  same_as_head_office: yesNoUi,
  head_office_address: addressUi,
  type_of_company: { 'ui:placeholder': 'Select a type' },
  company_status: { 'ui:placeholder': 'Select a status' },
  industry_classification: { 'ui:help': 'An ANZSIC or BIC code and its description, for example M696245 Management consulting.' },
  nzbn: { 'ui:help': 'Required for New Zealand businesses: 13 digits starting 94.', 'ui:options': { inputMode: 'numeric' } },
  abn: { 'ui:help': 'Required for Australian businesses: 11 digits.', 'ui:options': { inputMode: 'numeric' } },
  acn: { 'ui:options': { inputMode: 'numeric' } },
  gst_status: { 'ui:widget': 'radio', 'ui:enumNames': GST_STATUSES.map((status) => status.label) },
  gst_number: { 'ui:help': 'New Zealand: your IRD number, for example 49-091-850. Australia: your ABN.' },
  size_of_company: { 'ui:placeholder': 'Select a size', 'ui:enumNames': COMPANY_SIZES.map((size) => size.label) },
  years_in_business: { 'ui:options': { inputMode: 'numeric' } },
  operational_location: textareaUi,
  support_location: textareaUi,
  support_size: { 'ui:options': { inputMode: 'numeric' } },
};

const financialViability: JsonSchema = {
  type: 'object',
  required: ['pay_debts', 'insolvency_proceedings', 'submit_financial_statement'],
  properties: {
    pay_debts: yesNo('Can your business pay its debts as they fall due?', 'Say whether your business can pay its debts as they fall due'),
    insolvency_proceedings: yesNo(
      'Is your business, or any of its directors, subject to insolvency proceedings?',
      'Say whether your business or its directors are subject to insolvency proceedings',
    ),
    submit_financial_statement: yesNo(
      'Will you submit a financial statement?',
      'Say whether you will submit a financial statement',
    ),
  },
  allOf: [
    when('pay_debts', 'no', { solvency_reason: solvencyReason() }, ['solvency_reason']),
    when('insolvency_proceedings', 'yes', { solvency_reason: solvencyReason() }, ['solvency_reason']),
    when(
      'submit_financial_statement',
      'yes',
      {
        financial_statement: {
          type: 'string',
          title: 'Financial statement',
          pattern: UUID_PATTERN,
          errorMessages: { required: 'Upload your latest financial statement', pattern: 'Upload your latest financial statement' },
        },
      },
      ['financial_statement'],
    ),
  ],
};

function solvencyReason(): JsonSchema {
  return text('Explain your financial position', LONG_TEXT, {
    errorMessages: { required: 'Explain your financial position' },
  });
}

const financialViabilityUi: UiSchema = {
  'ui:order': ['pay_debts', 'insolvency_proceedings', 'solvency_reason', 'submit_financial_statement', 'financial_statement'],
  pay_debts: yesNoUi,
  insolvency_proceedings: yesNoUi,
  solvency_reason: { ...textareaUi, 'ui:help': 'What has happened, and how your business will meet its obligations.' },
  submit_financial_statement: yesNoUi,
  financial_statement: {
    'ui:widget': 'upload',
    'ui:help': 'Your latest audited statement, or management accounts: PDF, Word, Excel or an image, up to 10 MB.',
    'ui:options': { folder: 'FinancialStatements' satisfies UploadFolder },
  },
};

function reason(title: string, required: string | null): JsonSchema {
  return text(title, LONG_TEXT, required ? { errorMessages: { required } } : {});
}

const validation: JsonSchema = {
  type: 'object',
  required: ['has_been_investigated', 'has_disputes', 'has_legal'],
  properties: {
    has_been_investigated: yesNo(
      'In the last five years, has your business been investigated by a regulator or government agency?',
      'Say whether your business has been investigated',
    ),
    has_disputes: yesNo(
      'In the last five years, has your business had a contract dispute with a customer?',
      'Say whether your business has had a contract dispute',
    ),
    has_legal: yesNo(
      'Is your business involved in legal proceedings, or likely to be?',
      'Say whether your business is involved in legal proceedings',
    ),
    insurance: {
      type: 'object',
      title: 'Insurance cover',
      description: 'The cover of each policy you hold, in dollars. Leave blank the types you do not hold.',
      properties: Object.fromEntries(
        INSURANCE_TYPES.map(({ key, label }) => [key, { type: 'integer', title: label, minimum: 0, maximum: MAX_COVER }]),
      ),
    },
    other_insurance: {
      type: 'array',
      title: 'Other insurance (optional)',
      description: 'Any other type of insurance you hold.',
      maxItems: OTHER_INSURANCE_MAX_ITEMS,
      uniqueItems: true,
      items: text('Type of insurance', INSURANCE_NAME_MAX_LENGTH, { errorMessages: { required: 'Enter the type of insurance' } }),
    },
  },
  allOf: [
    when('has_been_investigated', 'yes', { investigation_reason: reason('Describe the investigation and its outcome', 'Describe the investigation and its outcome') }, ['investigation_reason']),
    when('has_disputes', 'yes', { disputes_reason_yes: reason('Describe the disputes and how they were resolved', 'Describe the disputes and how they were resolved') }, ['disputes_reason_yes']),
    when('has_disputes', 'no', { disputes_reason_no: reason('How would you resolve a dispute with a customer? (optional)', null) }, []),
    when('has_legal', 'yes', { legal_reason_yes: reason('Describe the legal proceedings', 'Describe the legal proceedings') }, ['legal_reason_yes']),
    when('has_legal', 'no', { legal_reason_no: reason('Anything the team should know about legal matters (optional)', null) }, []),
  ],
};

const validationUi: UiSchema = {
  'ui:order': [
    'has_been_investigated',
    'investigation_reason',
    'has_disputes',
    'disputes_reason_yes',
    'disputes_reason_no',
    'has_legal',
    'legal_reason_yes',
    'legal_reason_no',
    'insurance',
    'other_insurance',
  ],
  has_been_investigated: yesNoUi,
  investigation_reason: textareaUi,
  has_disputes: yesNoUi,
  disputes_reason_yes: textareaUi,
  disputes_reason_no: textareaUi,
  has_legal: yesNoUi,
  legal_reason_yes: textareaUi,
  legal_reason_no: textareaUi,
  insurance: {
    'ui:options': { money: true },
    ...Object.fromEntries(INSURANCE_TYPES.map(({ key }) => [key, { 'ui:options': { inputMode: 'numeric', money: true } }])),
  },
  other_insurance: { 'ui:options': { orderable: false, addable: true, removable: true } },
};

const publicProfile: JsonSchema = {
  type: 'object',
  properties: {
    description: text('Description of your business (optional)', DESCRIPTION_MAX_LENGTH, {
      errorMessages: { maxLength: `Keep the description to ${String(DESCRIPTION_MAX_LENGTH)} characters or fewer` },
    }),
    contact_email: text('Contact email address (optional)', EMAIL_MAX_LENGTH, {
      pattern: EMAIL_PATTERN,
      errorMessages: {
        pattern: 'Enter an email address in the correct format, like name@example.co.nz',
        maxLength: 'Enter an email address in the correct format, like name@example.co.nz',
      },
    }),
    contact_phone: text('Contact phone number (optional)', 30, {
      pattern: PHONE_PATTERN,
      errorMessages: {
        pattern: 'Enter a phone number in digits, like 04 555 0142 or +64 4 555 0142',
        maxLength: 'Enter a phone number in digits, like 04 555 0142 or +64 4 555 0142',
      },
    }),
    website: text('Website (optional)', WEBSITE_MAX_LENGTH, {
      pattern: WEBSITE_PATTERN,
      errorMessages: {
        pattern: 'Enter the website address starting with https:// or http://, like https://www.example.co.nz',
        maxLength: `Website must be ${String(WEBSITE_MAX_LENGTH)} characters or fewer`,
      },
    }),
  },
};

const publicProfileUi: UiSchema = {
  'ui:order': ['description', 'contact_email', 'contact_phone', 'website'],
  description: {
    ...textareaUiOf(5),
    'ui:help': `What your business does and for whom, in up to ${String(DESCRIPTION_MAX_LENGTH)} characters. Buyers read it first on your public profile.`,
  },
  contact_email: { 'ui:autocomplete': 'email', 'ui:options': { inputType: 'email' }, 'ui:help': 'Where buyers can write to your business.' },
  contact_phone: { 'ui:autocomplete': 'tel', 'ui:options': { inputType: 'tel' }, 'ui:help': 'For example 04 555 0142, or +61 2 5550 1234 from Australia.' },
  website: { 'ui:autocomplete': 'url', 'ui:options': { inputType: 'url' }, 'ui:help': 'The full address, for example https://www.example.co.nz.' },
};

export const supplierDetailsForm: FormDefinition = {
  key: SUPPLIER_DETAILS_FORM_KEY,
  version: SUPPLIER_DETAILS_FORM_VERSION,
  steps: [
    {
      id: 'company-details',
      title: SUPPLIER_DETAILS_STEP_TITLES['company-details'],
      description: 'Names, addresses, company type, tax and registration numbers, size and locations.',
      schema: companyDetails,
      uiSchema: companyDetailsUi,
    },
    {
      id: 'financial-viability',
      title: SUPPLIER_DETAILS_STEP_TITLES['financial-viability'],
      description: 'Whether your business can meet its obligations, and your financial statement.',
      schema: financialViability,
      uiSchema: financialViabilityUi,
    },
    {
      id: 'validation',
      title: SUPPLIER_DETAILS_STEP_TITLES.validation,
      description: 'Investigations, disputes, legal proceedings and insurance cover.',
      schema: validation,
      uiSchema: validationUi,
    },
    {
      id: 'public-profile',
      title: SUPPLIER_DETAILS_STEP_TITLES['public-profile'],
      description: 'What buyers see about your business on your public profile in the approved suppliers directory.',
      schema: publicProfile,
      uiSchema: publicProfileUi,
    },
  ],
};
