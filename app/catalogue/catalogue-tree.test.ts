import { describe, expect, it } from 'vitest';
import type { TeamCatalogueTree } from '../../common/api/team-catalogue';
import { ApiError } from '../lib/api-error';
import { errorsFromServer, toItemRequest, validateItemForm } from './catalogue-item-form-validation';
import { statusChangeDone, statusChangeQuestion } from './catalogue-item-changes';
import { catalogueItemStatus, findCatalogueItem, heldBecause, inOrder, moveOptions, placeOf, withSiblingOrder } from './catalogue-tree';

const RETIRED = '2026-11-20T01:00:00.000Z';

const tree: TeamCatalogueTree = {
  channels: [
    {
      id: 1,
      slug: 'digital-and-ict',
      title: 'Digital and ICT',
      description: '',
      position: 0,
      retiredAt: null,
      catalogues: [
        {
          id: 10,
          slug: 'cloud-services',
          title: 'Cloud Services',
          description: '',
          position: 0,
          retiredAt: null,
          services: [
            { id: 100, slug: 'cloud-hosting', title: 'Cloud hosting', description: '', retiredAt: null, supplierCount: 3, applicationCount: 1 },
            { id: 101, slug: 'old-hosting', title: 'Old hosting', description: '', retiredAt: RETIRED, supplierCount: 0, applicationCount: 2 },
          ],
        },
        { id: 11, slug: 'cyber', title: 'Cyber Security', description: '', position: 1, retiredAt: RETIRED, services: [] },
        { id: 12, slug: 'software', title: 'Software', description: '', position: 2, retiredAt: null, services: [] },
      ],
    },
    { id: 2, slug: 'professional', title: 'Professional Services', description: '', position: 1, retiredAt: RETIRED, catalogues: [] },
    { id: 3, slug: 'facilities', title: 'Facilities', description: '', position: 2, retiredAt: null, catalogues: [] },
  ],
};

describe('reading the tree', () => {
  it('finds an item of each kind with what holds it, and nothing for an unknown id or another kind', () => {
    expect(findCatalogueItem(tree, 'channel', 3)?.item.title).toBe('Facilities');
    const catalogue = findCatalogueItem(tree, 'catalogue', 12);
    expect([catalogue?.item.title, catalogue?.channel.title]).toEqual(['Software', 'Digital and ICT']);
    const service = findCatalogueItem(tree, 'service', 101);
    expect([service?.item.title, service?.catalogue.title, service?.channel.title]).toEqual(['Old hosting', 'Cloud Services', 'Digital and ICT']);
    expect(findCatalogueItem(tree, 'service', 12)).toBeUndefined();
    expect(findCatalogueItem(tree, 'channel', 99)).toBeUndefined();
  });

  it('calls an item live only when neither it nor what holds it is retired, and says what hides it', () => {
    expect(catalogueItemStatus({ retiredAt: null })).toBe('live');
    expect(catalogueItemStatus({ retiredAt: RETIRED }, [{ retiredAt: null }])).toBe('retired');
    expect(catalogueItemStatus({ retiredAt: null }, [{ retiredAt: null }, { retiredAt: RETIRED }])).toBe('held');
    expect(heldBecause([{ title: 'Digital and ICT', retiredAt: null }, { title: 'Cyber Security', retiredAt: RETIRED }], ['channel', 'catalogue'])).toBe(
      'Not shown while the catalogue Cyber Security is retired',
    );
    expect(heldBecause([{ title: 'Digital and ICT', retiredAt: null }], ['channel'])).toBeUndefined();
  });

  it('offers the moves the server allows: past retired siblings, none for a retired item or under a retired channel', () => {
    const channels = tree.channels;
    expect(moveOptions(channels, 1)).toEqual({ canMoveUp: false, canMoveDown: true });
    expect(moveOptions(channels, 3)).toEqual({ canMoveUp: true, canMoveDown: false });
    expect(moveOptions(channels, 2)).toEqual({ canMoveUp: false, canMoveDown: false });
    const catalogues = channels[0]?.catalogues ?? [];
    // Software's only live sibling above it is Cloud Services, past the retired Cyber Security.
    expect(moveOptions(catalogues, 12)).toEqual({ canMoveUp: true, canMoveDown: false });
    expect(moveOptions(catalogues, 10, false)).toEqual({ canMoveUp: false, canMoveDown: false });
    expect(moveOptions(catalogues, 99)).toEqual({ canMoveUp: false, canMoveDown: false });
  });

  it('puts siblings in the order a move answers with, leaving the rest of the tree alone', () => {
    expect(inOrder([{ id: 1 }, { id: 2 }, { id: 3 }], [3, 1]).map(({ id }) => id)).toEqual([3, 1, 2]);
    const channels = withSiblingOrder(tree, { kind: 'channel', parentId: null, ids: [3, 2, 1] });
    expect(channels.channels.map(({ title }) => title)).toEqual(['Facilities', 'Professional Services', 'Digital and ICT']);
    const catalogues = withSiblingOrder(tree, { kind: 'catalogue', parentId: 1, ids: [12, 11, 10] });
    expect(catalogues.channels[0]?.catalogues.map(({ id }) => id)).toEqual([12, 11, 10]);
    expect(catalogues.channels.map(({ id }) => id)).toEqual([1, 2, 3]);
  });

  it('says a place as a person does', () => {
    expect([placeOf(0, 5), placeOf(1, 5), placeOf(2, 5), placeOf(3, 5), placeOf(10, 12), placeOf(20, 22)]).toEqual([
      '1st of 5',
      '2nd of 5',
      '3rd of 5',
      '4th of 5',
      '11th of 12',
      '21st of 22',
    ]);
  });
});

describe('the words of retiring and restoring', () => {
  it('names the service and what retiring it does and does not change', () => {
    const service = findCatalogueItem(tree, 'service', 100);
    if (service === undefined) {
      throw new Error('no service');
    }
    const question = statusChangeQuestion('retire', service);
    expect(question.title).toBe('Retire the service ‘Cloud hosting’?');
    expect(question.paragraphs).toEqual([
      'It will no longer appear in the directory or in new applications. Applications that already name it keep it.',
      '3 suppliers list it; 1 application names it.',
    ]);
    expect(question.confirmLabel).toBe('Retire service');
    expect(statusChangeDone('retire', service)).toMatch(/^The service ‘Cloud hosting’ is retired\./);
    expect(statusChangeQuestion('restore', service).title).toBe('Restore the service ‘Cloud hosting’?');
  });

  it('counts what a channel holds before it goes', () => {
    const channel = findCatalogueItem(tree, 'channel', 1);
    if (channel === undefined) {
      throw new Error('no channel');
    }
    const [first] = statusChangeQuestion('retire', channel).paragraphs;
    expect(first).toContain('(3 catalogues and 2 services)');
    expect(statusChangeDone('restore', channel)).toMatch(/^The sales channel ‘Digital and ICT’ is restored\./);
  });
});

describe('the create and rename form', () => {
  it('sends the words trimmed, and an emptied description to clear it', () => {
    expect(toItemRequest({ title: '  Cloud hosting ', description: '  ' })).toEqual({ title: 'Cloud hosting', description: '' });
  });

  it('words each rule of the request schema for people', () => {
    expect(validateItemForm({ title: '   ', description: '' }, 'service').fields).toEqual({ title: 'Enter the service’s title' });
    expect(validateItemForm({ title: 'x'.repeat(121), description: 'y'.repeat(2001) }, 'catalogue').fields).toEqual({
      title: 'The title must be 120 characters or fewer',
      description: 'The description must be 2,000 characters or fewer',
    });
    expect(validateItemForm({ title: 'Cloud\u202Ehosting', description: 'Line one\nline two' }, 'service').fields.title).toMatch(/hidden formatting characters/);
    expect(validateItemForm({ title: 'Cloud hosting', description: 'Line one\nline two' }, 'service').fields).toEqual({});
  });

  it('shows a 409 in the server’s words and a 400 by its field', () => {
    const conflict = new ApiError(409, { error: 'conflict', message: 'The catalogue Cyber Security is retired: restore it before adding a service to it.' });
    expect(errorsFromServer(conflict, { title: 'Pen testing', description: '' }, 'service')).toEqual({
      fields: {},
      general: ['The catalogue Cyber Security is retired: restore it before adding a service to it.'],
    });
    const invalid = new ApiError(400, { error: 'bad request', message: 'The request is not valid.', details: [{ field: 'body.title', message: 'must match pattern' }] });
    expect(errorsFromServer(invalid, { title: 'Pen testing', description: '' }, 'service')).toEqual({
      fields: { title: 'Check the title: must match pattern' },
      general: [],
    });
    expect(errorsFromServer(new TypeError('Failed to fetch'), { title: 'Pen testing', description: '' }, 'service').general[0]).toMatch(
      /^Your changes were not saved\. We could not reach the server/,
    );
  });
});
