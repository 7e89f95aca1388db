/**
 * The wizard keeps its answers flat, each key led by the number of the step that asks it
 * (`1_trading_name`, `2_registered_address`), so a saved record says which step holds what. Spec §3:
 * the numeric prefixes are stripped before the answers are sent.
 */
import type { FormData } from '../forms/definition';

const NUMERIC_PREFIX = /^\d+_/;

/** The answers with each key's leading numeric prefix (`1_`, `12_`) removed: `1_trading_name` → `trading_name`. */
export function stripKeyPrefixes(answers: Readonly<Record<string, unknown>>): FormData {
  return Object.fromEntries(Object.entries(answers).map(([key, value]) => [key.replace(NUMERIC_PREFIX, ''), value]));
}

/** One step's answers keyed for the flat record: `trading_name` of step 1 → `1_trading_name`. */
export function prefixKeys(stepNumber: number, answers: Readonly<Record<string, unknown>>): FormData {
  return Object.fromEntries(Object.entries(answers).map(([key, value]) => [`${String(stepNumber)}_${key}`, value]));
}

/** The answers of one step from the flat record, without their prefix. */
export function answersOfStep(stepNumber: number, record: Readonly<Record<string, unknown>>): FormData {
  const prefix = `${String(stepNumber)}_`;
  return Object.fromEntries(
    Object.entries(record)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, value]) => [key.slice(prefix.length), value]),
  );
}
