/**
 * The ajv keyword behind IdSchema, IdFilterSchema and WholeNumberSchema (common/api/http.ts): it
 * accepts a whole number sent as a JSON number or in digits (what a form posts, and every path
 * segment and query value), `""` or null for "any" where the schema allows it, and replaces the
 * value with the number (or null) before the handler sees it. The API keeps `coerceTypes: false`
 * everywhere else.
 */
import type { Plugin } from 'ajv';
import type { DataValidateFunction, DataValidationCxt } from 'ajv/dist/types';
import { WHOLE_NUMBER_KEYWORD, type WholeNumberRule } from '../../common/api/http';

const DIGITS = /^[1-9][0-9]*$/;

/** The number (or null, for "any") the value stands for under the rule; undefined when it is not valid. */
export function readWholeNumber(value: unknown, rule: WholeNumberRule): number | null | undefined {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 1 && value <= rule.maximum ? value : undefined;
  }
  if (value === null || value === '') {
    return rule.isEmptyAny ? null : undefined;
  }
  if (typeof value === 'string' && value.length <= String(rule.maximum).length && DIGITS.test(value)) {
    const number = Number(value);
    return number <= rule.maximum ? number : undefined;
  }
  return undefined;
}

function describe(rule: WholeNumberRule): string {
  return `must be a whole number from 1 to ${rule.maximum}${rule.isEmptyAny ? ', or empty for any' : ''}`;
}

/** Registers the keyword; given to Fastify as an ajv plugin (`ajv: { plugins: [wholeNumberKeyword] }`). */
export const wholeNumberKeyword: Plugin<unknown> = (ajv) => {
  ajv.addKeyword({
    keyword: WHOLE_NUMBER_KEYWORD,
    schemaType: 'object',
    modifying: true,
    errors: true,
    // Before `anyOf` (the documentation of the accepted values), so that sees the number.
    before: 'anyOf',
    compile(rule: WholeNumberRule) {
      const validate: DataValidateFunction = (data: unknown, dataCxt?: DataValidationCxt) => {
        const number = readWholeNumber(data, rule);
        if (number === undefined) {
          validate.errors = [{ keyword: WHOLE_NUMBER_KEYWORD, message: describe(rule), params: { maximum: rule.maximum } }];
          return false;
        }
        if (number !== data && dataCxt) {
          const parent: Record<string | number, unknown> = dataCxt.parentData;
          parent[dataCxt.parentDataProperty] = number;
        }
        return true;
      };
      return validate;
    },
  });
  return ajv;
};
