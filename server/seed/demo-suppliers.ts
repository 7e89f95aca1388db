/** Demo suppliers and people. Names, numbers and contact details are fictional. */
import type { SupplierStatus } from '../db/schema/suppliers';

export interface DemoSupplier {
  tradingName: string;
  legalName: string;
  status: SupplierStatus;
  /** NZBN for New Zealand companies (valid GS1 check digit), otherwise null. */
  nzbn: string | null;
  /** ABN for Australian companies (valid ATO checksum), otherwise null. */
  abn: string | null;
  email: string;
  phone: string;
  website: string;
  summary: string;
  city: string;
  state: string;
  country: 'New Zealand' | 'Australia';
  /** Slug of the sales channel the supplier's listings are chosen from. */
  focus: string;
}

const NZ = 'New Zealand';
const AU = 'Australia';

export const demoSuppliers: readonly DemoSupplier[] = [
  {
    tradingName: 'Kōwhai Digital', legalName: 'Kowhai Digital Limited', status: 'approved',
    nzbn: '9429059326069', abn: null, email: 'hello@kowhaidigital.co.nz', phone: '+64 4 555 0142',
    website: 'https://www.kowhaidigital.co.nz', city: 'Wellington', state: 'Wellington', country: NZ, focus: 'digital-and-ict',
    summary: 'A Wellington digital agency that designs and builds accessible public services. Our multidisciplinary teams have delivered for more than twenty agencies.',
  },
  {
    tradingName: 'Harbourside Consulting', legalName: 'Harbourside Consulting Group Limited', status: 'approved',
    nzbn: '9429035838081', abn: null, email: 'enquiries@harbourside.co.nz', phone: '+64 9 555 0187',
    website: 'https://www.harbourside.co.nz', city: 'Auckland', state: 'Auckland', country: NZ, focus: 'professional-services',
    summary: 'Management consultants specialising in business cases, investment planning and organisational change for the public sector.',
  },
  {
    tradingName: 'Southern Alps Facilities', legalName: 'Southern Alps Facilities Management Limited', status: 'approved',
    nzbn: '9429052479366', abn: null, email: 'service@southernalpsfm.co.nz', phone: '+64 3 555 0119',
    website: 'https://www.southernalpsfm.co.nz', city: 'Christchurch', state: 'Canterbury', country: NZ, focus: 'construction-and-facilities',
    summary: 'Integrated facilities management across the South Island, from planned maintenance to cleaning and grounds care.',
  },
  {
    tradingName: 'Tūī Cyber', legalName: 'Tui Cyber Security Limited', status: 'approved',
    nzbn: '9429056383362', abn: null, email: 'contact@tuicyber.co.nz', phone: '+64 4 555 0163',
    website: 'https://www.tuicyber.co.nz', city: 'Wellington', state: 'Wellington', country: NZ, focus: 'digital-and-ict',
    summary: 'CREST-accredited penetration testers and security architects. We help agencies certify and accredit systems with confidence.',
  },
  {
    tradingName: 'Waikato Data Co', legalName: 'Waikato Data Company Limited', status: 'approved',
    nzbn: '9429041324165', abn: null, email: 'hello@waikatodata.co.nz', phone: '+64 7 555 0128',
    website: 'https://www.waikatodata.co.nz', city: 'Hamilton', state: 'Waikato', country: NZ, focus: 'digital-and-ict',
    summary: 'Data engineers and analysts who build reporting platforms for regional councils and central government.',
  },
  {
    tradingName: 'Otago Research Partners', legalName: 'Otago Research Partners Limited', status: 'approved',
    nzbn: '9429085214088', abn: null, email: 'research@otagopartners.co.nz', phone: '+64 3 555 0174',
    website: 'https://www.otagopartners.co.nz', city: 'Dunedin', state: 'Otago', country: NZ, focus: 'professional-services',
    summary: 'Independent social research and evaluation. Our team combines survey expertise with kaupapa Māori research methods.',
  },
  {
    tradingName: 'Rangitoto Cloud', legalName: 'Rangitoto Cloud Services Limited', status: 'approved',
    nzbn: '9429078661769', abn: null, email: 'sales@rangitotocloud.co.nz', phone: '+64 9 555 0135',
    website: 'https://www.rangitotocloud.co.nz', city: 'Auckland', state: 'Auckland', country: NZ, focus: 'digital-and-ict',
    summary: 'Onshore cloud hosting and managed platforms from two New Zealand data centres.',
  },
  {
    tradingName: 'Tōtara Property Services', legalName: 'Totara Property Services Limited', status: 'approved',
    nzbn: '9429035975687', abn: null, email: 'projects@totaraproperty.co.nz', phone: '+64 9 555 0151',
    website: 'https://www.totaraproperty.co.nz', city: 'Auckland', state: 'Auckland', country: NZ, focus: 'construction-and-facilities',
    summary: 'Fit-out, refurbishment and building consultancy for government workplaces across the upper North Island.',
  },
  {
    tradingName: 'Pōhutukawa People', legalName: 'Pohutukawa People and Capability Limited', status: 'approved',
    nzbn: '9429038590085', abn: null, email: 'talent@pohutukawapeople.co.nz', phone: '+64 9 555 0199',
    website: 'https://www.pohutukawapeople.co.nz', city: 'Auckland', state: 'Auckland', country: NZ, focus: 'professional-services',
    summary: 'Recruitment and leadership development for the public sector, with a strong focus on diversity and inclusion.',
  },
  {
    tradingName: 'Capital Change Co', legalName: 'Capital Change Company Limited', status: 'approved',
    nzbn: '9429041169285', abn: null, email: 'kiaora@capitalchange.co.nz', phone: '+64 4 555 0108',
    website: 'https://www.capitalchange.co.nz', city: 'Wellington', state: 'Wellington', country: NZ, focus: 'professional-services',
    summary: 'Change managers and programme leads who help agencies land new systems, structures and ways of working.',
  },
  {
    tradingName: 'Kea Creative', legalName: 'Kea Creative Agency Limited', status: 'approved',
    nzbn: '9429068909444', abn: null, email: 'studio@keacreative.co.nz', phone: '+64 4 555 0177',
    website: 'https://www.keacreative.co.nz', city: 'Wellington', state: 'Wellington', country: NZ, focus: 'corporate-services',
    summary: 'A creative agency for public information campaigns, from strategy and design to video and digital media.',
  },
  {
    tradingName: 'Mainland Clean', legalName: 'Mainland Cleaning Services Limited', status: 'approved',
    nzbn: '9429082948481', abn: null, email: 'office@mainlandclean.co.nz', phone: '+64 3 555 0146',
    website: 'https://www.mainlandclean.co.nz', city: 'Christchurch', state: 'Canterbury', country: NZ, focus: 'construction-and-facilities',
    summary: 'Commercial cleaning and waste services for offices, schools and public facilities in Canterbury.',
  },
  {
    tradingName: 'Fernbird Analytics', legalName: 'Fernbird Analytics Limited', status: 'approved',
    nzbn: '9429038788482', abn: null, email: 'info@fernbird.co.nz', phone: '+64 4 555 0112',
    website: 'https://www.fernbird.co.nz', city: 'Wellington', state: 'Wellington', country: NZ, focus: 'digital-and-ict',
    summary: 'Analytics, data science and integration specialists helping agencies make better use of their data.',
  },
  {
    tradingName: 'Tasman Engineering', legalName: 'Tasman Engineering Consultants Limited', status: 'approved',
    nzbn: '9429077680006', abn: null, email: 'engineers@tasmaneng.co.nz', phone: '+64 3 555 0131',
    website: 'https://www.tasmaneng.co.nz', city: 'Nelson', state: 'Nelson', country: NZ, focus: 'construction-and-facilities',
    summary: 'Structural and building services engineers with deep experience in seismic assessment and strengthening.',
  },
  {
    tradingName: 'Rimu Advisory', legalName: 'Rimu Advisory Limited', status: 'approved',
    nzbn: '9429062647045', abn: null, email: 'advice@rimuadvisory.co.nz', phone: '+64 4 555 0195',
    website: 'https://www.rimuadvisory.co.nz', city: 'Wellington', state: 'Wellington', country: NZ, focus: 'professional-services',
    summary: 'Chartered accountants providing internal audit, probity and financial advisory services to the public sector.',
  },
  {
    tradingName: 'Mataī Systems', legalName: 'Matai Systems Integration Limited', status: 'approved',
    nzbn: '9429070001280', abn: null, email: 'hello@mataisystems.co.nz', phone: '+64 9 555 0124',
    website: 'https://www.mataisystems.co.nz', city: 'Auckland', state: 'Auckland', country: NZ, focus: 'digital-and-ict',
    summary: 'Systems integrators connecting legacy platforms and cloud services through secure, well-documented APIs.',
  },
  {
    tradingName: 'Huia Events', legalName: 'Huia Events and Travel Limited', status: 'approved',
    nzbn: '9429077132802', abn: null, email: 'events@huiaevents.co.nz', phone: '+64 9 555 0168',
    website: 'https://www.huiaevents.co.nz', city: 'Auckland', state: 'Auckland', country: NZ, focus: 'corporate-services',
    summary: 'Conference, hui and event organisers with an in-house travel team for delegates and speakers.',
  },
  {
    tradingName: 'Aoraki Energy Solutions', legalName: 'Aoraki Energy Solutions Limited', status: 'approved',
    nzbn: '9429083012488', abn: null, email: 'energy@aorakienergy.co.nz', phone: '+64 3 555 0183',
    website: 'https://www.aorakienergy.co.nz', city: 'Christchurch', state: 'Canterbury', country: NZ, focus: 'construction-and-facilities',
    summary: 'Energy auditors and installers of solar, heat pump and EV charging systems for public buildings.',
  },
  {
    tradingName: 'Kauri Print & Mail', legalName: 'Kauri Print and Mail Limited', status: 'approved',
    nzbn: '9429081162888', abn: null, email: 'orders@kauriprint.co.nz', phone: '+64 7 555 0159',
    website: 'https://www.kauriprint.co.nz', city: 'Hamilton', state: 'Waikato', country: NZ, focus: 'corporate-services',
    summary: 'Commercial printing, mail house and document digitisation services with nationwide delivery.',
  },
  {
    tradingName: 'Whetū Design Studio', legalName: 'Whetu Design Studio Limited', status: 'approved',
    nzbn: '9429034492802', abn: null, email: 'studio@whetudesign.co.nz', phone: '+64 4 555 0139',
    website: 'https://www.whetudesign.co.nz', city: 'Wellington', state: 'Wellington', country: NZ, focus: 'digital-and-ict',
    summary: 'Service designers and UX researchers who put the people using government services at the centre.',
  },
  {
    tradingName: 'Pīwakawaka Policy', legalName: 'Piwakawaka Policy Limited', status: 'approved',
    nzbn: '9429080978565', abn: null, email: 'team@piwakawakapolicy.co.nz', phone: '+64 4 555 0116',
    website: 'https://www.piwakawakapolicy.co.nz', city: 'Wellington', state: 'Wellington', country: NZ, focus: 'professional-services',
    summary: 'Former public servants offering policy advice, economic analysis and Te Tiriti engagement support.',
  },
  {
    tradingName: 'Norwest Guarding', legalName: 'Norwest Guarding Limited', status: 'inactive',
    nzbn: '9429051494407', abn: null, email: 'admin@norwestguarding.co.nz', phone: '+64 3 555 0172',
    website: 'https://www.norwestguarding.co.nz', city: 'Christchurch', state: 'Canterbury', country: NZ, focus: 'construction-and-facilities',
    summary: 'Licensed security guarding and patrol services for commercial and government sites.',
  },
  {
    tradingName: 'Mānuka Financial Advisory', legalName: 'Manuka Financial Advisory Limited', status: 'approved',
    nzbn: '9429075259525', abn: null, email: 'contact@manukafinancial.co.nz', phone: '+64 9 555 0106',
    website: 'https://www.manukafinancial.co.nz', city: 'Auckland', state: 'Auckland', country: NZ, focus: 'professional-services',
    summary: 'Financial modelling, actuarial and forensic accounting services for public entities and Crown companies.',
  },
  {
    tradingName: 'Taranaki Network Services', legalName: 'Taranaki Network Services Limited', status: 'applicant',
    nzbn: '9429030078086', abn: null, email: 'support@taranakinetworks.co.nz', phone: '+64 6 555 0127',
    website: 'https://www.taranakinetworks.co.nz', city: 'New Plymouth', state: 'Taranaki', country: NZ, focus: 'digital-and-ict',
    summary: 'Network design, managed Wi-Fi and desktop support for organisations across Taranaki.',
  },
  {
    tradingName: 'Lakeside Translation', legalName: 'Lakeside Translation Services Limited', status: 'approved',
    nzbn: '9429088292489', abn: null, email: 'bookings@lakesidetranslation.co.nz', phone: '+64 7 555 0181',
    website: 'https://www.lakesidetranslation.co.nz', city: 'Rotorua', state: 'Bay of Plenty', country: NZ, focus: 'corporate-services',
    summary: 'NZSTI-accredited translators and interpreters for te reo Māori, Pacific and Asian languages.',
  },
  {
    tradingName: 'Harakeke Sustainability', legalName: 'Harakeke Sustainability Limited', status: 'applicant',
    nzbn: '9429078226562', abn: null, email: 'hello@harakeke.co.nz', phone: '+64 3 555 0193',
    website: 'https://www.harakeke.co.nz', city: 'Dunedin', state: 'Otago', country: NZ, focus: 'construction-and-facilities',
    summary: 'Carbon accounting and emissions reduction planning for public sector organisations.',
  },
  {
    tradingName: 'Banksia Digital', legalName: 'Banksia Digital Pty Ltd', status: 'approved',
    nzbn: null, abn: '42725928369', email: 'hello@banksiadigital.com.au', phone: '+61 2 5550 3142',
    website: 'https://www.banksiadigital.com.au', city: 'Sydney', state: 'NSW', country: AU, focus: 'digital-and-ict',
    summary: 'A Sydney digital consultancy delivering web and mobile services for state and federal agencies.',
  },
  {
    tradingName: 'Southern Cross Advisory', legalName: 'Southern Cross Advisory Pty Ltd', status: 'approved',
    nzbn: null, abn: '73607881279', email: 'enquiries@southerncrossadvisory.com.au', phone: '+61 2 5550 7718',
    website: 'https://www.southerncrossadvisory.com.au', city: 'Canberra', state: 'ACT', country: AU, focus: 'professional-services',
    summary: 'Canberra-based advisors in strategy, procurement and programme assurance for Commonwealth agencies.',
  },
  {
    tradingName: 'Wattle Facilities Group', legalName: 'Wattle Facilities Group Pty Ltd', status: 'approved',
    nzbn: null, abn: '44026358740', email: 'service@wattlefacilities.com.au', phone: '+61 3 7010 2265',
    website: 'https://www.wattlefacilities.com.au', city: 'Melbourne', state: 'VIC', country: AU, focus: 'construction-and-facilities',
    summary: 'Facilities maintenance, cleaning and grounds services for government and education sites across Victoria.',
  },
  {
    tradingName: 'Coral Coast Cyber', legalName: 'Coral Coast Cyber Pty Ltd', status: 'approved',
    nzbn: null, abn: '31369263024', email: 'secure@coralcoastcyber.com.au', phone: '+61 7 5550 4481',
    website: 'https://www.coralcoastcyber.com.au', city: 'Brisbane', state: 'QLD', country: AU, focus: 'digital-and-ict',
    summary: 'A 24/7 security operations centre and incident response team protecting public sector networks.',
  },
  {
    tradingName: 'Jarrah Consulting', legalName: 'Jarrah Consulting Pty Ltd', status: 'approved',
    nzbn: null, abn: '36228862808', email: 'info@jarrahconsulting.com.au', phone: '+61 8 5550 9023',
    website: 'https://www.jarrahconsulting.com.au', city: 'Perth', state: 'WA', country: AU, focus: 'professional-services',
    summary: 'Business case, project management and change specialists for infrastructure and resources programmes.',
  },
  {
    tradingName: 'Yarra Analytics', legalName: 'Yarra Analytics Pty Ltd', status: 'approved',
    nzbn: null, abn: '59373215107', email: 'team@yarraanalytics.com.au', phone: '+61 3 7010 5537',
    website: 'https://www.yarraanalytics.com.au', city: 'Melbourne', state: 'VIC', country: AU, focus: 'digital-and-ict',
    summary: 'Data platform and reporting specialists who move agencies from spreadsheets to trusted dashboards.',
  },
  {
    tradingName: 'Blue Gum Communications', legalName: 'Blue Gum Communications Pty Ltd', status: 'approved',
    nzbn: null, abn: '96376425983', email: 'hello@bluegumcomms.com.au', phone: '+61 2 5550 6604',
    website: 'https://www.bluegumcomms.com.au', city: 'Sydney', state: 'NSW', country: AU, focus: 'corporate-services',
    summary: 'Public relations, media buying and digital marketing for public health and safety campaigns.',
  },
  {
    tradingName: 'Red Centre Energy', legalName: 'Red Centre Energy Pty Ltd', status: 'approved',
    nzbn: null, abn: '38890107257', email: 'projects@redcentreenergy.com.au', phone: '+61 8 5550 2376',
    website: 'https://www.redcentreenergy.com.au', city: 'Adelaide', state: 'SA', country: AU, focus: 'construction-and-facilities',
    summary: 'Solar, battery and EV charging projects for councils and government buildings, from design to maintenance.',
  },
  {
    tradingName: 'Parramatta Project Services', legalName: 'Parramatta Project Services Pty Ltd', status: 'inactive',
    nzbn: null, abn: '93784275566', email: 'admin@parramattaprojects.com.au', phone: '+61 2 5550 8819',
    website: 'https://www.parramattaprojects.com.au', city: 'Sydney', state: 'NSW', country: AU, focus: 'professional-services',
    summary: 'Project and programme managers for capital works and business transformation projects.',
  },
  {
    tradingName: 'Kookaburra Cloud', legalName: 'Kookaburra Cloud Pty Ltd', status: 'approved',
    nzbn: null, abn: '57556578713', email: 'sales@kookaburracloud.com.au', phone: '+61 7 5550 1290',
    website: 'https://www.kookaburracloud.com.au', city: 'Brisbane', state: 'QLD', country: AU, focus: 'digital-and-ict',
    summary: 'Sovereign cloud hosting, backup and managed services certified for protected government workloads.',
  },
  {
    tradingName: 'Molonglo Policy Partners', legalName: 'Molonglo Policy Partners Pty Ltd', status: 'approved',
    nzbn: null, abn: '64635820256', email: 'contact@molonglopolicy.com.au', phone: '+61 2 5550 4057',
    website: 'https://www.molonglopolicy.com.au', city: 'Canberra', state: 'ACT', country: AU, focus: 'professional-services',
    summary: 'Policy, evaluation and stakeholder engagement specialists working with Commonwealth and territory agencies.',
  },
  {
    tradingName: 'Swan River Fitouts', legalName: 'Swan River Fitouts Pty Ltd', status: 'approved',
    nzbn: null, abn: '11423204333', email: 'build@swanriverfitouts.com.au', phone: '+61 8 5550 7731',
    website: 'https://www.swanriverfitouts.com.au', city: 'Perth', state: 'WA', country: AU, focus: 'construction-and-facilities',
    summary: 'Design and construct office fit-outs and refurbishments for government tenancies in Western Australia.',
  },
  {
    tradingName: 'Derwent Events', legalName: 'Derwent Events Pty Ltd', status: 'applicant',
    nzbn: null, abn: '35770738726', email: 'hello@derwentevents.com.au', phone: '+61 3 7010 8842',
    website: 'https://www.derwentevents.com.au', city: 'Hobart', state: 'TAS', country: AU, focus: 'corporate-services',
    summary: 'Conference and event management in Tasmania, including venue sourcing and delegate travel.',
  },
  {
    tradingName: 'Tablelands Training', legalName: 'Tablelands Training Pty Ltd', status: 'applicant',
    nzbn: null, abn: '80751901914', email: 'learn@tablelandstraining.com.au', phone: '+61 7 5550 6318',
    website: 'https://www.tablelandstraining.com.au', city: 'Brisbane', state: 'QLD', country: AU, focus: 'professional-services',
    summary: 'Registered training organisation delivering leadership and workplace training for public sector staff.',
  },
];

export interface DemoMembership {
  /** Trading name of a supplier in `demoSuppliers`. */
  supplier: string;
  isAdmin: boolean;
}

export interface DemoUser {
  email: string;
  name: string;
  isTeamMember: boolean;
  /** A team member who manages the team (adds and removes its members). */
  isTeamAdmin?: boolean;
  /** The first membership becomes the user's active supplier. */
  memberships: readonly DemoMembership[];
  /** Sign-in account of the embedded identity provider, for the accounts printed at start-up. */
  account: { id: string; role: string } | null;
}

const KOWHAI = 'Kōwhai Digital';
const HARBOURSIDE = 'Harbourside Consulting';

export const demoUsers: readonly DemoUser[] = [
  {
    email: 'admin@example.com', name: 'Alex Admin', isTeamMember: false,
    memberships: [{ supplier: KOWHAI, isAdmin: true }, { supplier: HARBOURSIDE, isAdmin: true }],
    account: { id: 'demo-admin', role: `Admin of two suppliers (${KOWHAI}, ${HARBOURSIDE}); can switch between them` },
  },
  {
    email: 'member@example.com', name: 'Morgan Member', isTeamMember: false,
    memberships: [{ supplier: 'Southern Alps Facilities', isAdmin: false }],
    account: { id: 'demo-member', role: 'Ordinary member of one supplier (Southern Alps Facilities)' },
  },
  {
    email: 'nobody@example.com', name: 'Nadia Nobody', isTeamMember: false, memberships: [],
    account: { id: 'demo-nobody', role: 'Signed-in user attached to no supplier' },
  },
  {
    email: 'buyer@example.com', name: 'Bailey Buyer', isTeamMember: false, memberships: [],
    account: { id: 'demo-buyer', role: 'Admin of an approved agency (Ministry for Regional Development): its dashboard at /agency, the engagement notices naming it and its people' },
  },
  {
    email: 'staff@example.com', name: 'Sam Staff', isTeamMember: true, isTeamAdmin: true, memberships: [],
    account: { id: 'demo-staff', role: 'Marketplace staff (back office), no supplier; a team admin: manages the team. Two-step verification: the demo authenticator app key' },
  },
  {
    email: 'team@example.com', name: 'Tama Team', isTeamMember: true, memberships: [],
    account: { id: 'demo-team', role: 'Marketplace staff (back office), no supplier; not a team admin. Two-step verification: the demo authenticator app key' },
  },
  {
    email: 'newstaff@example.com', name: 'Nikau New', isTeamMember: true, memberships: [],
    account: { id: 'demo-new-staff', role: 'Marketplace staff who has not set up two-step verification yet: the console asks them to' },
  },
  {
    email: 'aroha.ngata@kowhaidigital.co.nz', name: 'Aroha Ngata', isTeamMember: false,
    memberships: [{ supplier: KOWHAI, isAdmin: false }], account: null,
  },
  {
    email: 'ben.thompson@kowhaidigital.co.nz', name: 'Ben Thompson', isTeamMember: false,
    memberships: [{ supplier: KOWHAI, isAdmin: false }], account: null,
  },
  {
    email: 'priya.sharma@harbourside.co.nz', name: 'Priya Sharma', isTeamMember: false,
    memberships: [{ supplier: HARBOURSIDE, isAdmin: true }], account: null,
  },
  {
    email: 'hana.wiremu@regional.govt.example', name: 'Hana Wiremu', isTeamMember: false, memberships: [], account: null,
  },
  {
    email: 'liam.oconnor@harbourside.co.nz', name: "Liam O'Connor", isTeamMember: false,
    memberships: [{ supplier: HARBOURSIDE, isAdmin: false }], account: null,
  },
];
