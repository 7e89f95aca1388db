/**
 * Answers of the supplier details form for a demo supplier (common/supplier-details/form.ts):
 * complete and valid for every step, varied deterministically by the supplier's position.
 */
import { COMPANY_SIZES, INSURANCE_TYPES } from '../../common/supplier-details/form';
import type { DemoSupplier } from './demo-suppliers';
import { mulberry32 } from './random';

const STREETS = ['Lambton Quay', 'Queen Street', 'Cashel Street', 'Victoria Street', 'George Street', 'Collins Street', 'Adelaide Street'];
const POSTCODES: Record<string, string> = {
  Wellington: '6011', Auckland: '1010', Christchurch: '8011', Hamilton: '3204', Dunedin: '9016', Tauranga: '3110',
  Nelson: '7010', 'Palmerston North': '4410', Napier: '4110', Sydney: '2000', Melbourne: '3000', Brisbane: '4000',
  Canberra: '2601', Perth: '6000', Adelaide: '5000', Hobart: '7000',
};

/** A valid IRD (New Zealand GST) number made from a seed: Inland Revenue's mod-11 check digit. */
function irdNumber(random: () => number): string {
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    // Nine digits in the issued range 10,000,000–150,000,000: an 8-digit base (leading zero) and the check digit.
    const base = String(1_000_000 + Math.floor(random() * 13_999_999)).padStart(8, '0');
    const remainder = Array.from(base, Number).reduce((sum, digit, index) => sum + digit * (weights[index] ?? 0), 0) % 11;
    const check = remainder === 0 ? 0 : 11 - remainder;
    if (check !== 10) {
      return `${base}${check}`;
    }
  }
}

export function demoDetails(supplier: DemoSupplier, index: number): Record<string, unknown> {
  const random = mulberry32(1000 + index);
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const isNz = supplier.country === 'New Zealand';
  const insured = INSURANCE_TYPES.filter(() => random() < 0.5);
  return {
    maori_business: index % 5 === 0 ? 'yes' : 'no',
    registered_address: {
      line_1: `${10 + Math.floor(random() * 290)} ${pick(STREETS)}`,
      city: supplier.city,
      state: supplier.state,
      postcode: POSTCODES[supplier.city] ?? (isNz ? '6011' : '2000'),
      country: supplier.country,
    },
    same_as_head_office: 'yes',
    type_of_company: 'Limited liability company',
    business_owner: pick(['Aroha Ngata', 'James Chen', 'Priya Patel', 'Sophie Walker', 'Tama Wiremu', 'Olivia Brown']),
    company_status: 'Registered',
    gst_status: 'registered',
    gst_number: isNz ? irdNumber(random) : supplier.abn,
    size_of_company: pick(COMPANY_SIZES.slice(1)).value,
    years_in_business: 2 + Math.floor(random() * 30),
    operational_location: isNz ? 'Throughout New Zealand' : 'Throughout Australia',
    support_location: supplier.city,
    support_size: 1 + Math.floor(random() * 40),
    pay_debts: 'yes',
    insolvency_proceedings: 'no',
    submit_financial_statement: 'no',
    has_been_investigated: 'no',
    has_disputes: 'no',
    has_legal: 'no',
    insurance: Object.fromEntries(insured.map(({ key }) => [key, (1 + Math.floor(random() * 10)) * 1_000_000])),
    other_insurance: index % 4 === 0 ? ['Motor vehicle fleet'] : [],
  };
}
