/**
 * The public supplier registration form (spec §2 "Public registration app", §3 "Public registration
 * application"), stored in `form_definitions` like the application forms: a change is a new
 * version here, never an edit of a stored one. Its company questions are the supplier details
 * form's own (common/supplier-details/form.ts), taken from that form's steps rather than written
 * twice, so an approved registration's answers are the new supplier's details as they are.
 */
import { REGISTRATION_UPLOAD_FOLDER, UUID_PATTERN } from '../../../common/api/uploads';
import { choice, radioUi, text } from '../../../common/forms/builders';
import type { FormDefinition, FormStep, JsonSchema, UiSchema } from '../../../common/forms/definition';
import { isRecord } from '../../../common/is-record';
import { COUNTRIES, EMAIL_PATTERN, supplierDetailsForm, type SupplierDetailsStepId } from '../../../common/supplier-details/form';
import { REGISTRATION_FORM_KEY } from '../../../common/registration/rules';

export { REGISTRATION_FORM_KEY };

function detailsStep(id: SupplierDetailsStepId): FormStep {
  const step = supplierDetailsForm.steps.find((candidate) => candidate.id === id);
  if (!step) {
    throw new Error(`The supplier details form has no "${id}" step`);
  }
  return step;
}

const company = detailsStep('company-details');
const financial = detailsStep('financial-viability');
const validation = detailsStep('validation');
const profile = detailsStep('public-profile');

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return isRecord(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
}

/** The details form's questions `keys` of `step`, schema and uiSchema. */
function pick(step: FormStep, keys: readonly string[]): { properties: Record<string, JsonSchema>; ui: UiSchema } {
  const properties = propertiesOf(step.schema);
  const result: Record<string, JsonSchema> = {};
  const ui: UiSchema = {};
  for (const key of keys) {
    const property = properties[key];
    if (!property) {
      throw new Error(`The supplier details "${step.id}" step has no "${key}" question`);
    }
    result[key] = property;
    if (step.uiSchema[key] !== undefined) {
      ui[key] = step.uiSchema[key];
    }
  }
  return { properties: result, ui };
}

/** The details form's conditions of `step` that show one of `keys`, with those questions' uiSchema. */
function conditionsShowing(step: FormStep, keys: readonly string[]): { allOf: JsonSchema[]; ui: UiSchema } {
  const allOf = (Array.isArray(step.schema.allOf) ? step.schema.allOf : []).filter(
    (part: unknown): part is JsonSchema =>
      isRecord(part) && isRecord(part.then) && Object.keys(propertiesOf(part.then)).some((key) => keys.includes(key)),
  );
  const ui: UiSchema = Object.fromEntries(keys.filter((key) => step.uiSchema[key] !== undefined).map((key) => [key, step.uiSchema[key]]));
  return { allOf, ui };
}

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country, label: country }));
const numberUi = { 'ui:options': { inputMode: 'numeric' } };

// Step 1: who the business is, and who is registering it.
const identity = pick(company, ['trading_name', 'legal_name']);
const business: JsonSchema = {
  type: 'object',
  required: ['business_country', 'trading_name', 'legal_name', 'registrant_name', 'registrant_email'],
  properties: {
    business_country: choice('Where is your business registered?', COUNTRY_OPTIONS, 'Select where your business is registered'),
    ...identity.properties,
    registrant_name: text('Your full name', 200, { errorMessages: { required: 'Enter your full name' } }),
    registrant_email: text('Your email address', 254, {
      pattern: EMAIL_PATTERN,
      errorMessages: {
        required: 'Enter your email address',
        pattern: 'Enter an email address in the correct format, like name@example.co.nz',
        maxLength: 'Enter an email address in the correct format, like name@example.co.nz',
      },
    }),
  },
  allOf: [
    {
      if: { properties: { business_country: { const: 'New Zealand' } }, required: ['business_country'] },
      then: {
        properties: {
          nzbn: text('New Zealand Business Number (NZBN)', 20, {
            pattern: '^[0-9 ]+$',
            errorMessages: { required: 'Enter your NZBN', pattern: 'Enter the NZBN as 13 digits', maxLength: 'Enter the NZBN as 13 digits' },
          }),
        },
        required: ['nzbn'],
      },
    },
    {
      if: { properties: { business_country: { const: 'Australia' } }, required: ['business_country'] },
      then: {
        properties: {
          abn: text('Australian Business Number (ABN)', 20, {
            pattern: '^[0-9 ]+$',
            errorMessages: { required: 'Enter your ABN', pattern: 'Enter the ABN as 11 digits', maxLength: 'Enter the ABN as 11 digits' },
          }),
          acn: text('Australian Company Number (ACN, optional)', 20, {
            pattern: '^[0-9 ]+$',
            errorMessages: { pattern: 'Enter the ACN as 9 digits', maxLength: 'Enter the ACN as 9 digits' },
          }),
        },
        required: ['abn'],
      },
    },
  ],
};
const businessUi: UiSchema = {
  'ui:order': ['business_country', 'nzbn', 'abn', 'acn', 'trading_name', 'legal_name', 'registrant_name', 'registrant_email'],
  business_country: radioUi(COUNTRY_OPTIONS),
  nzbn: { ...numberUi, 'ui:help': '13 digits starting 94. Find it on the NZBN register.' },
  abn: { ...numberUi, 'ui:help': '11 digits. Find it on the Australian Business Register.' },
  acn: numberUi,
  ...identity.ui,
  registrant_name: { 'ui:autocomplete': 'name', 'ui:help': 'You will be the admin of your business\'s account on the portal.' },
  registrant_email: {
    'ui:autocomplete': 'email',
    'ui:options': { inputType: 'email' },
    'ui:help': 'We will email you here when the team has reviewed your registration.',
  },
};

// Step 2: addresses and how to contact the business.
const addresses = pick(company, ['registered_address', 'same_as_head_office']);
const headOffice = conditionsShowing(company, ['head_office_address']);
const contacts = pick(profile, ['contact_email', 'contact_phone', 'website']);
const addressesStep: JsonSchema = {
  type: 'object',
  required: ['registered_address', 'same_as_head_office', 'contact_email', 'contact_phone'],
  properties: {
    ...addresses.properties,
    contact_email: { ...contacts.properties.contact_email, title: 'Business email address', errorMessages: { ...(contacts.properties.contact_email?.errorMessages as object), required: 'Enter your business email address' } },
    contact_phone: { ...contacts.properties.contact_phone, title: 'Business phone number', errorMessages: { ...(contacts.properties.contact_phone?.errorMessages as object), required: 'Enter your business phone number' } },
    website: contacts.properties.website ?? {},
  },
  allOf: headOffice.allOf,
};
const addressesUi: UiSchema = {
  'ui:order': ['registered_address', 'same_as_head_office', 'head_office_address', 'contact_email', 'contact_phone', 'website'],
  ...addresses.ui,
  ...headOffice.ui,
  ...contacts.ui,
  contact_email: { ...(contacts.ui.contact_email as object), 'ui:help': 'Where buyers and the team can write to your business.' },
};

// Step 3: the company, its finances, its record, its insurance, and what it wants to offer.
const COMPANY_KEYS = [
  'type_of_company',
  'company_status',
  'business_owner',
  'maori_business',
  'industry_classification',
  'gst_status',
  'size_of_company',
  'years_in_business',
  'operational_location',
] as const;
const companyQuestions = pick(company, COMPANY_KEYS);
const gst = conditionsShowing(company, ['gst_number']);
const FINANCIAL_KEYS = ['pay_debts', 'insolvency_proceedings', 'submit_financial_statement'] as const;
const financialQuestions = pick(financial, FINANCIAL_KEYS);
const financialConditions = conditionsShowing(financial, ['solvency_reason', 'financial_statement']);
const VALIDATION_KEYS = ['has_been_investigated', 'has_disputes', 'has_legal', 'insurance', 'other_insurance'] as const;
const validationQuestions = pick(validation, VALIDATION_KEYS);
const validationConditions = conditionsShowing(validation, ['investigation_reason', 'disputes_reason_yes', 'disputes_reason_no', 'legal_reason_yes', 'legal_reason_no']);

/** Ids of the catalogue tree; which services belong where is a rule (common/registration/rules.ts). */
const catalogueId = (title: string, required: string): JsonSchema => ({
  type: 'integer',
  title,
  minimum: 1,
  maximum: 2_147_483_647,
  errorMessages: { required, type: required },
});

const companyStep: JsonSchema = {
  type: 'object',
  required: [...COMPANY_KEYS.filter((key) => key !== 'industry_classification'), 'pay_debts', 'insolvency_proceedings', 'submit_financial_statement', 'has_been_investigated', 'has_disputes', 'has_legal', 'channel', 'initial_catalogue', 'services'],
  properties: {
    ...companyQuestions.properties,
    type_of_company: { ...companyQuestions.properties.type_of_company, errorMessages: { required: 'Select the type of company' } },
    company_status: { ...companyQuestions.properties.company_status, errorMessages: { required: 'Select the company status' } },
    gst_status: { ...companyQuestions.properties.gst_status, errorMessages: { required: 'Say whether your business is registered for GST' } },
    size_of_company: { ...companyQuestions.properties.size_of_company, errorMessages: { required: 'Select the size of your company' } },
    years_in_business: {
      ...companyQuestions.properties.years_in_business,
      errorMessages: { required: 'Enter the number of years your business has traded', type: 'Enter the years in business as a whole number' },
    },
    ...financialQuestions.properties,
    ...validationQuestions.properties,
    channel: catalogueId('Sales channel', 'Select the sales channel you want to sell through'),
    initial_catalogue: catalogueId('Catalogue', 'Select the catalogue your services belong to'),
    services: {
      type: 'array',
      title: 'Services',
      items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      // No minItems: rjsf would fill the list with empty items. An empty list is a rule's error.
      maxItems: 50,
      uniqueItems: true,
      errorMessages: { required: 'Select at least one service you want to offer' },
    },
  },
  allOf: [
    ...gst.allOf,
    ...financialConditions.allOf.map((part) =>
      // The statement is uploaded to the registration's own folder; the rest of the condition is the details form's.
      isRecord(part.then) && isRecord(propertiesOf(part.then).financial_statement)
        ? {
            ...part,
            then: {
              ...part.then,
              properties: {
                financial_statement: {
                  type: 'string',
                  title: 'Financial statement',
                  pattern: UUID_PATTERN,
                  errorMessages: { required: 'Upload your latest financial statement', pattern: 'Upload your latest financial statement' },
                },
              },
            },
          }
        : part,
    ),
    ...validationConditions.allOf,
  ],
};
const companyUi: UiSchema = {
  'ui:order': [
    'type_of_company', 'company_status', 'business_owner', 'maori_business', 'industry_classification', 'gst_status', 'gst_number',
    'size_of_company', 'years_in_business', 'operational_location',
    'pay_debts', 'insolvency_proceedings', 'solvency_reason', 'submit_financial_statement', 'financial_statement',
    'has_been_investigated', 'investigation_reason', 'has_disputes', 'disputes_reason_yes', 'disputes_reason_no', 'has_legal', 'legal_reason_yes', 'legal_reason_no',
    'insurance', 'other_insurance',
    'channel', 'initial_catalogue', 'services',
  ],
  ...companyQuestions.ui,
  type_of_company: { 'ui:placeholder': 'Select a type' },
  company_status: { 'ui:placeholder': 'Select a status' },
  size_of_company: companyQuestions.ui.size_of_company,
  ...gst.ui,
  ...financialQuestions.ui,
  ...financialConditions.ui,
  financial_statement: {
    ...(financialConditions.ui.financial_statement as object),
    'ui:options': { folder: REGISTRATION_UPLOAD_FOLDER },
  },
  ...validationQuestions.ui,
  ...validationConditions.ui,
  channel: { 'ui:widget': 'channel', 'ui:help': 'The part of the marketplace where agencies will buy from you.' },
  initial_catalogue: { 'ui:widget': 'catalogue', 'ui:help': 'Choose a sales channel first.' },
  services: { 'ui:widget': 'serviceCheckboxes', 'ui:help': 'Choose a catalogue first. You can apply for more services later.' },
};

// Step 4: the declarations, under the review of every answer.
const declaration = (title: string, message: string): JsonSchema => ({
  type: 'boolean',
  title,
  const: true,
  errorMessages: { required: message, const: message },
});
const declarations: JsonSchema = {
  type: 'object',
  required: ['declaration_true', 'declaration_checks', 'declaration_authority'],
  properties: {
    declaration_true: declaration(
      'I confirm the information I have given is true and complete',
      'Confirm the information you have given is true and complete',
    ),
    declaration_checks: declaration(
      'I agree the marketplace team may check these details with the NZBN register or the Australian Business Register',
      'Agree that the team may check these details with the business registers',
    ),
    declaration_authority: declaration('I am authorised to register this business', 'Confirm you are authorised to register this business'),
  },
};
const declarationsUi: UiSchema = {
  'ui:order': ['declaration_true', 'declaration_checks', 'declaration_authority'],
  declaration_true: { 'ui:widget': 'checkbox' },
  declaration_checks: { 'ui:widget': 'checkbox' },
  declaration_authority: { 'ui:widget': 'checkbox' },
};

export const registrationFormV1: FormDefinition = {
  key: REGISTRATION_FORM_KEY,
  version: 1,
  steps: [
    { id: 'business', title: 'Your business', description: 'Who your business is, and who is registering it.', schema: business, uiSchema: businessUi },
    { id: 'addresses', title: 'Addresses and contacts', description: 'Where your business is, and how to contact it.', schema: addressesStep, uiSchema: addressesUi },
    {
      id: 'company',
      title: 'About your company',
      description: 'Your company, its finances and insurance, and the services you want to offer.',
      schema: companyStep,
      uiSchema: companyUi,
    },
    { id: 'declarations', title: 'Declarations', description: 'What you confirm by submitting your registration.', schema: declarations, uiSchema: declarationsUi },
  ],
};
