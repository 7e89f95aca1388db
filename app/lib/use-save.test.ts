import { describe, expect, it } from 'vitest';
import { ApiError, ApiResponseError, UNREADABLE_RESPONSE_MESSAGE } from './api-error';
import { saveProblemOf, splitStepProblem } from './use-save';

const FAILED = 'Your changes could not be saved. Check your connection and try again.';

describe('saveProblemOf (what every save shows when it fails)', () => {
  it("reads a 400's details as field errors", () => {
    const error = new ApiError(400, { error: 'bad request', message: 'The request is not valid.', details: [{ field: 'address.postcode', message: 'must be 4 digits' }] });
    expect(saveProblemOf(error, FAILED)).toEqual({ kind: 'fields', errors: [{ path: ['address', 'postcode'], message: 'must be 4 digits' }] });
  });

  it('reads a 409 as someone else having saved, in the API’s words', () => {
    expect(saveProblemOf(new ApiError(409, { error: 'conflict', message: 'Someone else saved.' }), FAILED)).toEqual({ kind: 'conflict', message: 'Someone else saved.' });
  });

  it('reads a 409 that names a field (a month already reported) as that field\'s error, not as a reload', () => {
    const error = new ApiError(409, { error: 'conflict', message: 'Already reported.', details: [{ field: 'engagement.billing_period', message: 'Already reported.' }] });
    expect(saveProblemOf(error, FAILED)).toEqual({ kind: 'fields', errors: [{ path: ['engagement', 'billing_period'], message: 'Already reported.' }] });
  });

  it('keeps an explained refusal and an unreadable answer, and words anything else itself', () => {
    expect(saveProblemOf(new ApiError(404, { error: 'not found', message: 'No such application.' }), FAILED)).toEqual({ kind: 'failed', message: 'No such application.' });
    expect(saveProblemOf(new ApiResponseError('application', '/: must be object'), FAILED)).toEqual({ kind: 'failed', message: UNREADABLE_RESPONSE_MESSAGE });
    expect(saveProblemOf(new ApiError(500, { error: 'internal error', message: 'Internal Server Error' }), FAILED)).toEqual({ kind: 'failed', message: FAILED });
    expect(saveProblemOf(new TypeError('Failed to fetch'), FAILED)).toEqual({ kind: 'failed', message: FAILED });
  });
});

describe("splitStepProblem (a step's field errors by its inputs, the rest above the form)", () => {
  it("keeps this step's errors by their paths within it and passes the rest on", () => {
    const problem = { kind: 'fields' as const, errors: [{ path: ['engagement', 'title'], message: 'Enter a title' }, { path: ['dates', 'value'], message: 'Enter a value' }] };
    expect(splitStepProblem(problem, 'engagement')).toEqual({
      stepErrors: [{ path: ['title'], message: 'Enter a title' }],
      otherProblem: { kind: 'fields', errors: [{ path: ['dates', 'value'], message: 'Enter a value' }] },
    });
    expect(splitStepProblem({ kind: 'fields', errors: [{ path: ['engagement', 'title'], message: 'Enter a title' }] }, 'engagement').otherProblem).toBeNull();
  });

  it('passes a conflict or a failure on whole', () => {
    const conflict = { kind: 'conflict' as const, message: 'Someone else saved.' };
    expect(splitStepProblem(conflict, 'engagement')).toEqual({ stepErrors: [], otherProblem: conflict });
    expect(splitStepProblem(null, 'engagement')).toEqual({ stepErrors: [], otherProblem: null });
  });
});
