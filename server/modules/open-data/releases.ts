/**
 * The portal's records as OCDS 1.1.5 releases (issue 32), built from plain facts so the mapping is
 * one readable place, tested against the standard's schemas (../shared/ocds-1.1.5):
 *
 * - a catalogue is a framework: a `tender` release of its own contracting process;
 * - a supplier approved into a catalogue is an `award` release on the catalogue's process;
 * - an engagement (a published notice) is a process of its own, linked to its catalogues' by
 *   `relatedProcesses` (`framework`), with an award and a contract: `award` and `contract`;
 * - the spend billed each month (a published report) is an `implementation` release adding a
 *   transaction from the agency to the supplier; a changed amount is an `implementationUpdate` with
 *   the same transaction id;
 * - a published engagement withdrawn later is an `awardCancellation` with the award and contract
 *   cancelled.
 *
 * Which records are published, and when, is ./publication-rules.ts; storing and serving, the rest.
 */
import type { SupplierScale } from '../../../common/supplier-details/classification';

/** OCDS extensions the releases use beyond the core schema. */
export const OCDS_EXTENSIONS = [
  // tender.techniques.hasFrameworkAgreement
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_techniques_extension/master/extension.json',
  // parties[].details.scale
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_partyDetails_scale_extension/master/extension.json',
  // parties[].details.classifications (Māori business)
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_organizationClassification_extension/master/extension.json',
];

export const OCDS_VERSION = '1.1';
const CURRENCY = 'NZD';
/** The classification scheme of a supplier that said it is a Māori business. */
export const MAORI_BUSINESS_SCHEME = 'NZ-MAORI-BUSINESS';

/** An OCDS release, as the portal writes them (the schema allows more). */
export interface Release {
  ocid: string;
  id: string;
  date: string;
  tag: string[];
  initiationType: 'tender';
  language: 'en';
  parties?: Party[];
  buyer?: OrganizationReference;
  tender?: Record<string, unknown>;
  awards?: Record<string, unknown>[];
  contracts?: Record<string, unknown>[];
  relatedProcesses?: Record<string, unknown>[];
}

export interface OrganizationReference {
  id: string;
  name: string;
}

export interface Party extends OrganizationReference {
  roles: string[];
  identifier?: { scheme: string; id: string; legalName?: string };
  address?: { locality?: string; region?: string; countryName?: string };
  details?: { scale?: SupplierScale; classifications?: { scheme: string; id: string; description: string }[] };
}

/** What the releases say of a supplier. */
export interface SupplierFacts {
  id: number;
  tradingName: string;
  legalName: string;
  nzbn: string | null;
  abn: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  scale: SupplierScale | null;
  isMaoriBusiness: boolean | null;
}

export interface AgencyFacts {
  id: number;
  name: string;
}

export interface CatalogueFacts {
  id: number;
  title: string;
  description: string;
  channelTitle: string;
}

/** The names and prefix every release shares. */
export interface Publication {
  /** The registered ocid prefix (OCDS_PREFIX), e.g. `ocds-abc123`. */
  ocidPrefix: string;
  /** The marketplace team: the procuring entity of every framework. */
  teamName: string;
}

export const catalogueOcid = (publication: Publication, catalogueId: number) => `${publication.ocidPrefix}-catalogue-${String(catalogueId)}`;
/** What every engagement's ocid starts with; the notice's id follows. */
export const engagementOcidStart = (publication: Publication) => `${publication.ocidPrefix}-engagement-`;
export const engagementOcid = (publication: Publication, noticeId: number) => `${engagementOcidStart(publication)}${String(noticeId)}`;

const digits = (value: string) => value.replace(/\D/g, '');

/** A supplier as a party: identified by its NZBN (else ABN) where it gave one, else by the portal's id. */
export function supplierParty(publication: Publication, supplier: SupplierFacts, roles: string[]): Party {
  const nzbn = supplier.nzbn ? digits(supplier.nzbn) : '';
  const abn = supplier.abn ? digits(supplier.abn) : '';
  const identifier = nzbn !== '' ? { scheme: 'NZ-NZBN', id: nzbn } : abn !== '' ? { scheme: 'AU-ABN', id: abn } : null;
  const details: NonNullable<Party['details']> = {
    ...(supplier.scale ? { scale: supplier.scale } : {}),
    ...(supplier.isMaoriBusiness ? { classifications: [{ scheme: MAORI_BUSINESS_SCHEME, id: 'maori-business', description: 'Māori business (as the supplier said)' }] } : {}),
  };
  const address = {
    ...(supplier.city ? { locality: supplier.city } : {}),
    ...(supplier.region ? { region: supplier.region } : {}),
    ...(supplier.country ? { countryName: supplier.country } : {}),
  };
  return {
    id: identifier ? `${identifier.scheme}-${identifier.id}` : `${publication.ocidPrefix}-supplier-${String(supplier.id)}`,
    name: supplier.tradingName,
    roles,
    ...(identifier ? { identifier: { ...identifier, legalName: supplier.legalName } } : {}),
    ...(Object.keys(address).length > 0 ? { address } : {}),
    ...(Object.keys(details).length > 0 ? { details } : {}),
  };
}

export function agencyParty(publication: Publication, agency: AgencyFacts, roles: string[]): Party {
  return { id: `${publication.ocidPrefix}-agency-${String(agency.id)}`, name: agency.name, roles };
}

function teamParty(publication: Publication): Party {
  return { id: `${publication.ocidPrefix}-team`, name: publication.teamName, roles: ['procuringEntity'] };
}

const reference = ({ id, name }: Party): OrganizationReference => ({ id, name });
const money = (cents: number) => ({ amount: cents / 100, currency: CURRENCY });

/** A catalogue as a framework agreement open to suppliers who apply. */
export function frameworkRelease(publication: Publication, catalogue: CatalogueFacts, date: Date): Release {
  const ocid = catalogueOcid(publication, catalogue.id);
  const team = teamParty(publication);
  return {
    ocid,
    id: `${ocid}-tender`,
    date: date.toISOString(),
    tag: ['tender'],
    initiationType: 'tender',
    language: 'en',
    parties: [team],
    tender: {
      id: `catalogue-${String(catalogue.id)}`,
      title: catalogue.title,
      description: catalogue.description || `The ${catalogue.title} catalogue of the ${catalogue.channelTitle} sales channel.`,
      status: 'active',
      procuringEntity: reference(team),
      procurementMethod: 'open',
      procurementMethodDetails: 'A standing panel: suppliers apply at any time and are approved against published criteria.',
      mainProcurementCategory: 'services',
      techniques: { hasFrameworkAgreement: true },
    },
  };
}

/** A supplier approved into a catalogue: an award on the catalogue's framework. */
export function approvalRelease(publication: Publication, catalogue: CatalogueFacts, supplier: SupplierFacts, approvedAt: Date): Release {
  const ocid = catalogueOcid(publication, catalogue.id);
  const party = supplierParty(publication, supplier, ['supplier', 'tenderer']);
  return {
    ocid,
    id: `${ocid}-approval-${String(supplier.id)}`,
    date: approvedAt.toISOString(),
    tag: ['award'],
    initiationType: 'tender',
    language: 'en',
    parties: [party],
    awards: [
      {
        id: `approval-${String(supplier.id)}`,
        title: `${supplier.tradingName} approved for ${catalogue.title}`,
        status: 'active',
        date: approvedAt.toISOString(),
        suppliers: [reference(party)],
      },
    ],
  };
}

/** What the releases say of an engagement (a published notice). */
export interface EngagementFacts {
  noticeId: number;
  title: string;
  reference: string | null;
  startDate: string;
  endDate: string | null;
  valueCents: number;
  /** When the agency confirmed it: the award's date. */
  confirmedAt: Date;
  agency: AgencyFacts;
  supplier: SupplierFacts;
  services: { id: number; title: string; catalogue: CatalogueFacts }[];
}

const awardId = (noticeId: number) => `engagement-${String(noticeId)}`;

/** A confirmed engagement: its own process, called off the catalogues its services are in. */
export function engagementRelease(publication: Publication, engagement: EngagementFacts): Release {
  const ocid = engagementOcid(publication, engagement.noticeId);
  const buyer = agencyParty(publication, engagement.agency, ['buyer', 'procuringEntity', 'payer']);
  const supplier = supplierParty(publication, engagement.supplier, ['supplier', 'payee']);
  const catalogues = [...new Map(engagement.services.map((service) => [service.catalogue.id, service.catalogue])).values()];
  const id = awardId(engagement.noticeId);
  const period = { startDate: `${engagement.startDate}T00:00:00Z`, ...(engagement.endDate ? { endDate: `${engagement.endDate}T23:59:59Z` } : {}) };
  const items = engagement.services.map((service) => ({ id: `service-${String(service.id)}`, description: service.title }));
  return {
    ocid,
    id: `${ocid}-award`,
    date: engagement.confirmedAt.toISOString(),
    tag: ['award', 'contract'],
    initiationType: 'tender',
    language: 'en',
    parties: [buyer, supplier],
    buyer: reference(buyer),
    tender: { id, title: engagement.title, status: 'complete', procuringEntity: reference(buyer), procurementMethod: 'limited', procurementMethodDetails: 'Engaged from the marketplace’s approved suppliers.', mainProcurementCategory: 'services', items },
    awards: [{ id, title: engagement.title, status: 'active', date: engagement.confirmedAt.toISOString(), value: money(engagement.valueCents), suppliers: [reference(supplier)], items, contractPeriod: period }],
    contracts: [
      {
        id,
        awardID: id,
        title: engagement.title,
        ...(engagement.reference ? { description: `The agency's reference: ${engagement.reference}` } : {}),
        status: 'active',
        period,
        value: money(engagement.valueCents),
        items,
      },
    ],
    relatedProcesses: catalogues.map((catalogue, index) => ({
      id: String(index + 1),
      relationship: ['framework'],
      title: catalogue.title,
      scheme: 'ocid',
      identifier: catalogueOcid(publication, catalogue.id),
    })),
  };
}

/** A published engagement withdrawn by its supplier afterwards: award and contract cancelled. */
export function withdrawalRelease(publication: Publication, noticeId: number, withdrawnAt: Date, reason: string): Release {
  const ocid = engagementOcid(publication, noticeId);
  const id = awardId(noticeId);
  return {
    ocid,
    id: `${ocid}-withdrawn`,
    date: withdrawnAt.toISOString(),
    tag: ['awardCancellation', 'contractUpdate'],
    initiationType: 'tender',
    language: 'en',
    awards: [{ id, status: 'cancelled', description: `Withdrawn by the supplier: ${reason}` }],
    contracts: [{ id, awardID: id, status: 'cancelled' }],
  };
}

/** What the releases say of a month's spend (a published report). */
export interface SpendFacts {
  reportId: number;
  noticeId: number;
  /** YYYY-MM. */
  billingPeriod: string;
  amountCents: number;
  confirmedAt: Date;
  agency: AgencyFacts;
  supplier: SupplierFacts;
}

/** A month's spend: a transaction on the engagement's contract; `isCorrection` when it replaces one published before. */
export function spendRelease(publication: Publication, spend: SpendFacts, isCorrection: boolean, version: number): Release {
  const ocid = engagementOcid(publication, spend.noticeId);
  const payer = agencyParty(publication, spend.agency, ['buyer', 'payer']);
  const payee = supplierParty(publication, spend.supplier, ['supplier', 'payee']);
  const id = awardId(spend.noticeId);
  return {
    ocid,
    id: `${ocid}-spend-${String(spend.reportId)}${version > 1 ? `-v${String(version)}` : ''}`,
    date: spend.confirmedAt.toISOString(),
    tag: [isCorrection ? 'implementationUpdate' : 'implementation'],
    initiationType: 'tender',
    language: 'en',
    parties: [payer, payee],
    contracts: [
      {
        id,
        awardID: id,
        implementation: {
          transactions: [
            {
              id: `spend-${String(spend.reportId)}`,
              date: `${spend.billingPeriod}-01T00:00:00Z`,
              value: money(spend.amountCents),
              payer: reference(payer),
              payee: reference(payee),
            },
          ],
        },
      },
    ],
  };
}
