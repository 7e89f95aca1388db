// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_PATH, returnPathFromState, toReturnPath } from './auth';

const origin = 'https://marketplace.example.govt.nz';

describe('toReturnPath', () => {
  it.each([
    [`${origin}/dashboard/users?page=2#top`, '/dashboard/users?page=2#top'],
    ['/dashboard/supplier', '/dashboard/supplier'],
    ['https://evil.example/steal', DEFAULT_RETURN_PATH],
    ['//evil.example/steal', DEFAULT_RETURN_PATH],
    ['/\\evil.example/steal', DEFAULT_RETURN_PATH],
    ['javascript:alert(1)', DEFAULT_RETURN_PATH],
    [`${origin}/auth/callback?code=1`, DEFAULT_RETURN_PATH],
  ])('%s → %s', (url, path) => {
    expect(toReturnPath(url, origin)).toBe(path);
  });
});

describe('returnPathFromState', () => {
  it('reads a same-origin returnTo, and falls back to the dashboard otherwise', () => {
    expect(returnPathFromState({ returnTo: '/user/confirm/abc' })).toBe('/user/confirm/abc');
    expect(returnPathFromState({ returnTo: 'https://evil.example/' })).toBe(DEFAULT_RETURN_PATH);
    expect(returnPathFromState(undefined)).toBe(DEFAULT_RETURN_PATH);
    expect(returnPathFromState({ returnTo: 3 })).toBe(DEFAULT_RETURN_PATH);
  });
});
