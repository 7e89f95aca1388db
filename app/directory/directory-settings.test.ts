// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DirectorySettingsError, parseDirectorySettings, readDirectorySettings } from './directory-settings';
import { testSettings } from './directory-test-data';

function embed(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'app__suppliers-settings';
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('readDirectorySettings', () => {
  it('reads the embedded JSON block', () => {
    embed(JSON.stringify(testSettings));
    expect(readDirectorySettings()).toEqual(testSettings);
  });

  it('refuses a missing block, bad JSON and a bad tree or endpoint', () => {
    expect(() => readDirectorySettings()).toThrow(/no #app__suppliers-settings block/);
    embed('{not json');
    expect(() => readDirectorySettings()).toThrow(DirectorySettingsError);
    expect(() => parseDirectorySettings([])).toThrow(/JSON object/);
    expect(() => parseDirectorySettings({ ...testSettings, channels: [{ id: 'x' }] })).toThrow(/channels/);
    expect(() => parseDirectorySettings({ ...testSettings, formAction: '' })).toThrow(/formAction/);
    expect(() => parseDirectorySettings({ ...testSettings, exportAction: 3 })).toThrow(/exportAction/);
  });
});
