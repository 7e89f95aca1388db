import { describe, expect, it } from 'vitest';
import type { DirectoryTree } from '../../common/api/directory';
import { withCascadeCleared, withCatalogueTitles } from './catalogue-widgets';

const tree: DirectoryTree = [{ id: 1, title: 'Digital', catalogues: [{ id: 10, title: 'Cloud', services: [{ id: 100, title: 'Hosting' }] }] }];

describe('withCascadeCleared', () => {
  it('clears the catalogue and services when the channel changes, the services when the catalogue does', () => {
    const before = { channel: 1, initial_catalogue: 10, services: [100], other: 'kept' };
    expect(withCascadeCleared(before, { ...before, channel: 2 })).toEqual({ channel: 2, other: 'kept' });
    expect(withCascadeCleared(before, { ...before, initial_catalogue: 11 })).toEqual({ channel: 1, initial_catalogue: 11, other: 'kept' });
    expect(withCascadeCleared(before, { ...before, other: 'changed' })).toEqual({ ...before, other: 'changed' });
  });
});

describe('withCatalogueTitles', () => {
  it('shows titles, never ids, for the channel, catalogue and services', () => {
    expect(withCatalogueTitles({ channel: 1, initial_catalogue: 10, services: [100, 999], trading_name: 'Kauri' }, tree)).toEqual({
      channel: 'Digital',
      initial_catalogue: 'Cloud',
      services: ['Hosting', 'A service no longer listed'],
      trading_name: 'Kauri',
    });
  });
});
