// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredJson, writeStoredJson } from './device-storage';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

function refusingStorage(): Storage {
  const refuse = () => {
    throw new DOMException('denied', 'SecurityError');
  };
  return { getItem: refuse, setItem: refuse, removeItem: refuse } as unknown as Storage;
}

describe('readStoredJson and writeStoredJson', () => {
  it('keep a value as JSON under its key, and remove it for null', () => {
    writeStoredJson('answers', { name: 'Aroha' });
    expect(window.localStorage.getItem('answers')).toBe('{"name":"Aroha"}');
    expect(readStoredJson('answers')).toEqual({ name: 'Aroha' });
    writeStoredJson('answers', null);
    expect(window.localStorage.getItem('answers')).toBeNull();
    expect(readStoredJson('answers')).toBeNull();
  });

  it('read what another version wrote, or storage that refuses, as nothing', () => {
    window.localStorage.setItem('answers', '{not json');
    expect(readStoredJson('answers')).toBeNull();
    expect(readStoredJson('answers', refusingStorage())).toBeNull();
  });

  it('keep nothing, without throwing, where storage refuses or reading localStorage itself throws', () => {
    expect(() => writeStoredJson('answers', { name: 'Aroha' }, refusingStorage())).not.toThrow();
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => writeStoredJson('answers', { name: 'Aroha' })).not.toThrow();
    expect(readStoredJson('answers')).toBeNull();
  });
});
