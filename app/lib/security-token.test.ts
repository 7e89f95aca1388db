// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readSecurityToken, securityTokenHeaders } from './security-token';

afterEach(() => {
  delete document.body.dataset.securityToken;
});

describe('the security token helper', () => {
  it('reads the token from the body\'s data-security-token attribute', () => {
    document.body.setAttribute('data-security-token', 'abc_DEF-123');
    expect(readSecurityToken()).toBe('abc_DEF-123');
    expect(securityTokenHeaders()).toEqual({ 'X-SECURITY-TOKEN': 'abc_DEF-123' });
  });

  it('sends no header on a page without a token, or with an empty one', () => {
    expect(readSecurityToken()).toBeUndefined();
    expect(securityTokenHeaders()).toEqual({});
    document.body.setAttribute('data-security-token', '  ');
    expect(securityTokenHeaders()).toEqual({});
  });

  it('reads a given element, and copes with a document without a body', () => {
    const element = document.createElement('div');
    element.dataset.securityToken = 'from-element';
    expect(securityTokenHeaders(element)).toEqual({ 'X-SECURITY-TOKEN': 'from-element' });
    expect(readSecurityToken(null)).toBeUndefined();
  });
});
