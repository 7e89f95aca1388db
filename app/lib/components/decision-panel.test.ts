import { describe, expect, it } from 'vitest';
import { declineReasonsProblem } from './decision-panel';

describe('declineReasonsProblem', () => {
  it('needs some reasons, within the limit', () => {
    expect(declineReasonsProblem('   ', 10, 'registration')).toBe('Enter the reasons for declining this registration');
    expect(declineReasonsProblem('x'.repeat(11), 10, 'registration')).toBe('The reasons must be 10 characters or fewer');
    expect(declineReasonsProblem(`  ${'x'.repeat(10)}  `, 10, 'agency registration')).toBeUndefined();
  });
});
