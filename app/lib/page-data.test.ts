// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PageDataError, parsePageData, readRoutedAppSettings } from './page-data';

const valid = {
  productName: 'Marketplace',
  teamContact: { email: 'help@marketplace.localhost', phone: '04 555 0100' },
  apiBase: '/api/v1/',
  reviewTargetDays: 10,
  auth: {
    authority: 'http://localhost:3000/oidc',
    clientId: 'marketplace-portal',
    resource: 'http://localhost:3000/api',
    redirectUri: 'http://localhost:3000/auth/callback',
    postLogoutRedirectUri: 'http://localhost:3000/',
    scope: 'openid profile email',
  },
};

describe('parsePageData', () => {
  it('accepts the page data the server embeds', () => {
    expect(parsePageData(valid)).toEqual(valid);
  });

  it('keeps the change-password link only when the server gives one (embedded identity provider)', () => {
    const embedded = { ...valid, auth: { ...valid.auth, changePasswordUrl: '/user/password' } };
    expect(parsePageData(embedded).auth.changePasswordUrl).toBe('/user/password');
    expect(parsePageData(valid).auth).not.toHaveProperty('changePasswordUrl');
    expect(parsePageData({ ...valid, auth: { ...valid.auth, changePasswordUrl: 42 } }).auth).not.toHaveProperty('changePasswordUrl');
  });

  it('names the field that is missing', () => {
    expect(() => parsePageData({ ...valid, auth: { ...valid.auth, clientId: '' } })).toThrow(
      new PageDataError('page data.auth.clientId must be a non-empty string'),
    );
    expect(() => parsePageData({ ...valid, teamContact: { email: 'help@marketplace.localhost' } })).toThrow(
      new PageDataError('page data.teamContact.phone must be a non-empty string'),
    );
    expect(() => parsePageData({ ...valid, reviewTargetDays: '10' })).toThrow(new PageDataError('page data.reviewTargetDays must be a whole number from 1'));
    expect(() => parsePageData(null)).toThrow(PageDataError);
  });
});

describe('readRoutedAppSettings', () => {
  it('reads the base path from data-settings', () => {
    const element = document.createElement('div');
    element.id = 'app__dashboard';
    element.dataset.settings = '{"basename":"/dashboard"}';
    expect(readRoutedAppSettings(element)).toEqual({ basename: '/dashboard' });
    element.dataset.settings = 'not json';
    expect(() => readRoutedAppSettings(element)).toThrow('#app__dashboard data-settings is not valid JSON');
  });
});
