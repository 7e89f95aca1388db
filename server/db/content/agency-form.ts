/**
 * The agency registration form's content (spec §2 "Agency form", §3 "Agency application"): three
 * steps of questions, then the app's own confirmation step. Answers are keyed by field across the
 * steps, so every field name is unique in the form. Stored as a row of `form_definitions` at start
 * (`./index.ts`); a change is a new version, never an edit of a stored one.
 */
import { AGENCY_FORM_KEY } from '../../../common/agency-form';
import { choice, radioUi, text, textareaUi, when, YES_NO } from '../../../common/forms/builders';
import type { FormDefinition, JsonSchema, UiSchema } from '../../../common/forms/definition';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../../../common/supplier-details/form';

const SHORT_TEXT = 200;
const LONG_TEXT = 2000;

const AGENCY_TYPES = [
  { value: 'public_service_department', label: 'Public service department or ministry' },
  { value: 'crown_entity', label: 'Crown entity' },
  { value: 'local_government', label: 'Local government (council)' },
  { value: 'state_owned_enterprise', label: 'State-owned enterprise' },
  { value: 'tertiary_institution', label: 'Tertiary education institution' },
  { value: 'school', label: 'School' },
  { value: 'other', label: 'Another public organisation' },
] as const;

const TYPICAL_SPEND = [
  { value: 'under_100k', label: 'Less than $100,000' },
  { value: '100k_1m', label: '$100,000 to $1 million' },
  { value: '1m_10m', label: '$1 million to $10 million' },
  { value: 'over_10m', label: 'More than $10 million' },
  { value: 'not_sure', label: 'Not sure yet' },
] as const;

const SERVICES_OF_INTEREST = [
  'Digital and ICT services',
  'Professional and advisory services',
  'Cloud services and software',
  'Cyber security',
  'Data and analytics',
  'Training and change management',
] as const;

const email = (title: string, required: string): JsonSchema =>
  text(title, SHORT_TEXT, {
    pattern: EMAIL_PATTERN,
    errorMessages: { required, pattern: 'Enter an email address in the correct format, like name@agency.govt.nz' },
  });

const phone = (title: string, required: string): JsonSchema =>
  text(title, 30, {
    pattern: PHONE_PATTERN,
    errorMessages: { required, pattern: 'Enter a phone number, like 04 555 0100 or +64 4 555 0100' },
  });

const initialDetails: JsonSchema = {
  type: 'object',
  required: ['agency_name', 'agency_type', 'contact_name', 'contact_role', 'contact_email', 'contact_phone'],
  properties: {
    agency_name: text('Agency name', SHORT_TEXT, { errorMessages: { required: 'Enter the name of your agency' } }),
    agency_type: choice('Type of agency', AGENCY_TYPES, 'Select the type of agency'),
    nzbn: text('New Zealand Business Number (NZBN) (optional)', 13, {
      pattern: '^94[0-9]{11}$',
      errorMessages: { pattern: 'Enter the NZBN as 13 digits starting 94', maxLength: 'Enter the NZBN as 13 digits starting 94' },
    }),
    contact_name: text('Your full name', SHORT_TEXT, { errorMessages: { required: 'Enter your full name' } }),
    contact_role: text('Your role', SHORT_TEXT, { errorMessages: { required: 'Enter your role in the agency' } }),
    contact_email: email('Your work email address', 'Enter your work email address'),
    contact_phone: phone('Your phone number', 'Enter your phone number'),
  },
  allOf: [
    when(
      'agency_type',
      'other',
      { agency_type_other: text('Describe your organisation', SHORT_TEXT, { errorMessages: { required: 'Describe your organisation' } }) },
      ['agency_type_other'],
    ),
  ],
};

const initialDetailsUi: UiSchema = {
  'ui:order': ['agency_name', 'agency_type', 'agency_type_other', 'nzbn', 'contact_name', 'contact_role', 'contact_email', 'contact_phone'],
  agency_name: { 'ui:help': 'The full legal name, for example Ministry of Transport.' },
  agency_type: radioUi(AGENCY_TYPES),
  nzbn: { 'ui:help': 'If your agency has one. It is 13 digits and starts with 94.' },
  contact_role: { 'ui:help': 'For example, procurement manager.' },
  contact_email: { 'ui:help': 'We send a link to come back to this form, and our decision, to this address.', 'ui:options': { inputType: 'email' } },
  contact_phone: { 'ui:options': { inputType: 'tel' } },
};

const terms: JsonSchema = {
  type: 'object',
  required: ['terms_accepted'],
  properties: {
    terms_accepted: {
      type: 'boolean',
      title: 'I have read the terms and conditions and accept them on behalf of my agency',
      const: true,
      errorMessages: {
        required: 'Accept the terms and conditions to register your agency',
        const: 'Accept the terms and conditions to register your agency',
      },
    },
  },
};

const TERMS_TEXT = [
  'By registering, your agency agrees to buy through the marketplace under these terms.',
  'Your agency follows its own procurement rules, and the Government Procurement Rules, when it engages a supplier. Registering does not oblige your agency to buy anything.',
  'Your agency tells the marketplace team when it engages a supplier listed here, so that engagement notices and billing reports can be matched.',
  'Your agency keeps the information suppliers share with it confidential, and uses it only to assess and manage their services.',
  'The people you name may be contacted by the marketplace team about your agency\u2019s registration and purchases. We keep their details for as long as your agency is registered.',
].join('\n\n');

const operationalInformation: JsonSchema = {
  type: 'object',
  required: ['procurement_contact_name', 'procurement_contact_email', 'finance_contact_name', 'finance_contact_email', 'typical_spend', 'services_of_interest'],
  properties: {
    procurement_contact_name: text('Procurement contact name', SHORT_TEXT, { errorMessages: { required: 'Enter the name of your procurement contact' } }),
    procurement_contact_email: email('Procurement contact email address', 'Enter the email address of your procurement contact'),
    finance_contact_name: text('Finance or invoicing contact name', SHORT_TEXT, { errorMessages: { required: 'Enter the name of your finance or invoicing contact' } }),
    finance_contact_email: email('Finance or invoicing contact email address', 'Enter the email address of your finance or invoicing contact'),
    purchase_order_required: choice('Do suppliers need a purchase order number on their invoices?', YES_NO, 'Say whether suppliers need a purchase order number'),
    typical_spend: choice('How much does your agency expect to spend through the marketplace each year?', TYPICAL_SPEND, 'Select how much your agency expects to spend'),
    services_of_interest: {
      type: 'array',
      title: 'Which services is your agency interested in?',
      items: { type: 'string', enum: [...SERVICES_OF_INTEREST] },
      uniqueItems: true,
      minItems: 1,
      maxItems: SERVICES_OF_INTEREST.length,
      errorMessages: { required: 'Select at least one kind of service', minItems: 'Select at least one kind of service' },
    },
    other_information: text('Anything else we should know (optional)', LONG_TEXT),
  },
};

const operationalInformationUi: UiSchema = {
  'ui:order': [
    'procurement_contact_name',
    'procurement_contact_email',
    'finance_contact_name',
    'finance_contact_email',
    'purchase_order_required',
    'typical_spend',
    'services_of_interest',
    'other_information',
  ],
  procurement_contact_email: { 'ui:options': { inputType: 'email' } },
  finance_contact_email: { 'ui:options': { inputType: 'email' } },
  purchase_order_required: radioUi(YES_NO, { inline: true }),
  typical_spend: radioUi(TYPICAL_SPEND),
  services_of_interest: { 'ui:widget': 'checkboxes', 'ui:help': 'Select all that apply.' },
  other_information: textareaUi(5),
};

export const agencyFormV1: FormDefinition = {
  key: AGENCY_FORM_KEY,
  version: 1,
  steps: [
    {
      id: 'initial-details',
      title: 'Initial details',
      description: 'About your agency, and about you as the person registering it.',
      schema: initialDetails,
      uiSchema: initialDetailsUi,
    },
    {
      id: 'terms',
      title: 'Terms and conditions',
      description: TERMS_TEXT,
      schema: terms,
      uiSchema: { terms_accepted: { 'ui:widget': 'checkbox' } },
    },
    {
      id: 'operational-information',
      title: 'Operational information',
      description: 'Who suppliers and the marketplace team deal with, and what your agency plans to buy.',
      schema: operationalInformation,
      uiSchema: operationalInformationUi,
    },
  ],
};
