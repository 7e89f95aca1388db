/**
 * Insurance in the supplier details (spec §3): each of the nine types of INSURANCE_TYPES holds its
 * cover in dollars under `insurance`; any other type is only named, in `other_insurance`. The one
 * rule for every save and every read of them (issue 26):
 * - a type is found by its key or its label, whatever the case ('public_liability', 'Public Liability');
 * - a change keeps the stored cover of every type it does not name; null clears a type's cover;
 * - a type in `insurance` that is none of the nine joins `other_insurance` by its name (added to the
 *   list the change gives, else to the stored one); its amount is not kept;
 * - a name is listed once, whatever its case and spacing; a name is text of 1 to 100 characters,
 *   and a supplier names at most 20 other types.
 */
import type { FieldError, FormData } from '../forms/definition';
import { isRecord } from '../is-record';
import type { SupplierDetailsStepId } from './steps';

/** Spec §3 insurance types; each holds the cover in dollars. */
export const INSURANCE_TYPES = [
  { key: 'cyber_liability', label: 'Cyber Liability' },
  { key: 'employers_liability', label: 'Employers Liability' },
  { key: 'personal_indemnity', label: 'Personal Indemnity' },
  { key: 'product_liability', label: 'Product Liability' },
  { key: 'property', label: 'Property' },
  { key: 'public_liability', label: 'Public Liability' },
  { key: 'business_interruption', label: 'Business Interruption' },
  { key: 'statutory_liability', label: 'Statutory Liability' },
  { key: 'workers_compensation', label: 'Workers Compensation' },
] as const;

/** A policy's cover in whole dollars, up to a trillion. */
export const MAX_COVER = 1_000_000_000_000;
/** How many other types of insurance a supplier names, and how long each name may be. */
export const OTHER_INSURANCE_MAX_ITEMS = 20;
export const INSURANCE_NAME_MAX_LENGTH = 100;
/** The step of the supplier details form (./form.ts) that asks about insurance. */
export const INSURANCE_STEP_ID: SupplierDetailsStepId = 'validation';

type InsuranceTypeKey = (typeof INSURANCE_TYPES)[number]['key'];

/** A name as it is compared: 'Marine  Cargo', 'marine_cargo' and 'marine-cargo' are one type. */
function comparable(name: string): string {
  return name.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
}

const knownTypes = new Map<string, (typeof INSURANCE_TYPES)[number]>(
  INSURANCE_TYPES.flatMap((type) => [[comparable(type.key), type] as const, [comparable(type.label), type] as const]),
);

/** Which of the nine types a name is, by its key or its label; undefined for any other type. */
export function knownInsuranceType(name: string): InsuranceTypeKey | undefined {
  return knownTypes.get(comparable(name))?.key;
}

/** Each name once (the first spelling kept), trimmed. */
function uniqueNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const name of names) {
    const identity = comparable(name);
    if (!seen.has(identity)) {
      seen.add(identity);
      unique.push(name.trim());
    }
  }
  return unique;
}

function namesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
}

/** The stored cover of the nine types, by key (answers of other types left out). */
function knownCoverOf(insurance: unknown): Record<string, unknown> {
  if (!isRecord(insurance)) {
    return {};
  }
  const cover: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(insurance)) {
    const key = knownInsuranceType(name);
    if (key !== undefined && !(key in cover)) {
      cover[key] = value;
    }
  }
  return cover;
}

/**
 * Stored answers with every type of `insurance` that is none of the nine moved by name into
 * `other_insurance`, as a save today stores them (answers saved before issue 26 kept such a type
 * inside `insurance`, where no screen shows it). The answers themselves when there is none.
 */
export function withOtherInsuranceListed(answers: FormData): FormData {
  const insurance = answers.insurance;
  if (!isRecord(insurance) || Object.keys(insurance).every((name) => INSURANCE_TYPES.some((type) => type.key === name))) {
    return answers;
  }
  const others = Object.keys(insurance).filter((name) => knownInsuranceType(name) === undefined && name.trim() !== '');
  const listed: FormData = { ...answers, other_insurance: uniqueNames([...namesOf(answers.other_insurance), ...others]) };
  const cover = knownCoverOf(insurance);
  if (Object.keys(cover).length > 0) {
    listed.insurance = cover;
  } else {
    delete listed.insurance;
  }
  return listed;
}

/** What is wrong with a type's name, or null. */
function nameProblem(name: unknown): string | null {
  if (typeof name !== 'string') {
    return 'Name each type of insurance in text';
  }
  if (name.trim() === '') {
    return 'Enter the type of insurance';
  }
  if (name.trim().length > INSURANCE_NAME_MAX_LENGTH) {
    return `Type of insurance must be ${String(INSURANCE_NAME_MAX_LENGTH)} characters or fewer`;
  }
  return null;
}

function isCover(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_COVER;
}

/** The cover the change names (null clears one) and the names of other types it gives, or its problems. */
function readInsurance(given: unknown): { cover: Record<string, unknown>; others: string[]; errors: FieldError[] } {
  const cover: Record<string, unknown> = {};
  const others: string[] = [];
  const errors: FieldError[] = [];
  if (given === null || given === undefined) {
    // `insurance: null` names every type: all cover is cleared.
    return { cover: Object.fromEntries(INSURANCE_TYPES.map(({ key }) => [key, null])), others, errors };
  }
  if (!isRecord(given)) {
    return { cover, others, errors: [{ path: ['insurance'], message: 'Give insurance cover as each type of insurance with its cover in dollars' }] };
  }
  const most = INSURANCE_TYPES.length + OTHER_INSURANCE_MAX_ITEMS;
  if (Object.keys(given).length > most) {
    return { cover, others, errors: [{ path: ['insurance'], message: `Name at most ${String(most)} types of insurance` }] };
  }
  for (const [name, value] of Object.entries(given)) {
    const problem = nameProblem(name);
    if (problem !== null) {
      // Not named by the field: the name is what is wrong (and may be very long).
      errors.push({ path: ['insurance'], message: problem });
      continue;
    }
    const key = knownInsuranceType(name);
    if (key !== undefined) {
      if (key in cover) {
        const label = INSURANCE_TYPES.find((type) => type.key === key)?.label ?? key;
        errors.push({ path: ['insurance', key], message: `Give the cover of ${label} once` });
      }
      cover[key] = value;
    } else if (value === null || isCover(value)) {
      others.push(name.trim());
    } else {
      errors.push({ path: ['insurance', name.trim()], message: `Cover of ${name.trim()} must be a whole number of dollars` });
    }
  }
  return { cover, others, errors };
}

/** The list of other types the change gives (null empties it), or its problems. */
function readOtherInsurance(given: unknown): { names: string[]; errors: FieldError[] } {
  if (given === null || given === undefined) {
    return { names: [], errors: [] };
  }
  if (!Array.isArray(given)) {
    return { names: [], errors: [{ path: ['other_insurance'], message: 'Give the other types of insurance as a list of their names' }] };
  }
  const errors = given.flatMap((name, index) => {
    const problem = nameProblem(name);
    return problem === null ? [] : [{ path: ['other_insurance', String(index)], message: problem }];
  });
  return { names: errors.length === 0 ? (given as string[]) : [], errors };
}

export interface InsuranceChange {
  /** The change with `insurance` and `other_insurance` whole, as they are to be stored, when it names either. */
  changes: FormData;
  errors: FieldError[];
}

/**
 * A change of the supplier details applied to the stored insurance answers (read through
 * `withOtherInsuranceListed`) by the rule above. Where the change's insurance is refused, the
 * stored answers stand in for it, so the form's schema does not report the same problem again.
 */
export function applyInsuranceChange(saved: FormData, changes: FormData): InsuranceChange {
  const namesInsurance = 'insurance' in changes;
  const namesOthers = 'other_insurance' in changes;
  if (!namesInsurance && !namesOthers) {
    return { changes, errors: [] };
  }
  const storedCover = knownCoverOf(saved.insurance);
  const storedOthers = namesOf(saved.other_insurance);
  const insurance = namesInsurance ? readInsurance(changes.insurance) : { cover: {}, others: [], errors: [] };
  const otherInsurance = namesOthers ? readOtherInsurance(changes.other_insurance) : { names: storedOthers, errors: [] };
  const errors = [...insurance.errors, ...otherInsurance.errors];
  const next: FormData = { ...changes };
  if (namesInsurance) {
    next.insurance = insurance.errors.length === 0 ? { ...storedCover, ...insurance.cover } : saved.insurance;
  }
  if (namesOthers || insurance.others.length > 0) {
    const others = uniqueNames([...(otherInsurance.errors.length === 0 ? otherInsurance.names : storedOthers), ...insurance.others]);
    if (others.length > OTHER_INSURANCE_MAX_ITEMS) {
      errors.push({ path: ['other_insurance'], message: `Name at most ${String(OTHER_INSURANCE_MAX_ITEMS)} other types of insurance` });
      next.other_insurance = saved.other_insurance;
    } else {
      next.other_insurance = others;
    }
  }
  return { changes: next, errors };
}

/**
 * A step's answers as its edit screen sends them. The step that asks about insurance sends each of
 * the nine types left blank as null, so the save clears its cover: a change keeps the stored cover
 * of any type it does not name.
 */
export function stepChangeOf(stepId: SupplierDetailsStepId, answers: FormData): FormData {
  if (stepId !== INSURANCE_STEP_ID) {
    return answers;
  }
  const given = isRecord(answers.insurance) ? answers.insurance : {};
  return {
    ...answers,
    insurance: Object.fromEntries(INSURANCE_TYPES.map(({ key }) => [key, given[key] ?? null])),
  };
}

/**
 * The supplier details' answers an application's steps ask again (each catalogue's step asks the
 * insurance cover): a step not answered yet starts from them (`answersAskedBy`), so a supplier
 * gives them once, at registration or in its details.
 */
export const DETAILS_ASKED_AGAIN = ['insurance'] as const;

/** What `known` holds of DETAILS_ASKED_AGAIN among the questions of a step with `properties`. */
export function answersAskedBy(properties: Record<string, unknown>, known: FormData): FormData {
  return Object.fromEntries(DETAILS_ASKED_AGAIN.filter((key) => Object.hasOwn(properties, key) && isRecord(known[key])).map((key) => [key, known[key]]));
}
