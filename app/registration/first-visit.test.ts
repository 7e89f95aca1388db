// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_STORAGE_KEY } from '../../common/registration/steps';
import { isRegisterAppNeeded } from './first-visit';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

function mountElement(serverMarkup: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = serverMarkup;
  return element;
}

const firstStep = '<h1>Your business</h1><form><input id="root_trading_name"></form>';

describe('isRegisterAppNeeded', () => {
  it('leaves the first step the server drew to a visitor without saved answers, until they use it', () => {
    expect(isRegisterAppNeeded(mountElement(firstStep))).toBe(false);
    window.localStorage.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify({ answers: {}, fileNames: {} }));
    expect(isRegisterAppNeeded(mountElement(firstStep))).toBe(false);
    window.localStorage.setItem(REGISTRATION_STORAGE_KEY, '{not json');
    expect(isRegisterAppNeeded(mountElement(firstStep))).toBe(false);
  });

  it('loads the app at once for saved answers, so the visitor sees them', () => {
    window.localStorage.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify({ answers: { '1_trading_name': 'Harbour Analytics' }, fileNames: {} }));
    expect(isRegisterAppNeeded(mountElement(firstStep))).toBe(true);
  });

  it('loads the app at once where the server drew no form (every other step)', () => {
    expect(isRegisterAppNeeded(mountElement(''))).toBe(true);
  });

  it('treats storage that cannot be read as nothing saved', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(isRegisterAppNeeded(mountElement(firstStep))).toBe(false);
  });
});
