import { describe, expect, it, vi } from 'vitest';
import type { ThreadMessage } from '../../common/api/threads';
import type * as PageDataModule from '../lib/page-data';
import { threadCount, unreadLabel } from './team-inbox-screen';
import { inboxListQuery } from './team-threads-api';
import { assignedMessage, teamMessageAuthor } from './team-thread-screen';
import { threadSubject } from './thread-subjects';

vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' } }),
}));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(), getAccessToken: vi.fn(() => Promise.resolve(undefined)), renewSession: vi.fn() }));

const message: ThreadMessage = {
  id: 1,
  threadId: 1,
  content: 'Hello',
  attachment: null,
  authorName: 'Alex Admin',
  isFromTeam: false,
  isFromAgency: false,
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('the team inbox', () => {
  it('reads its page from the URL, ignoring a malformed one', () => {
    expect(inboxListQuery(new URLSearchParams('page=3'))).toEqual({ page: 3 });
    expect(inboxListQuery(new URLSearchParams('page=0'))).toEqual({});
    expect(inboxListQuery(new URLSearchParams('page=two'))).toEqual({});
    // Next and Previous say which thread their page starts from; both at once is the page number alone.
    expect(inboxListQuery(new URLSearchParams('status=resolved&page=4&after=812'))).toEqual({ status: 'resolved', page: 4, after: 812 });
    expect(inboxListQuery(new URLSearchParams('assignee=none&page=2&before=31'))).toEqual({ assignee: 'none', page: 2, before: 31 });
    expect(inboxListQuery(new URLSearchParams('page=2&after=40&before=31'))).toEqual({ page: 2 });
    expect(inboxListQuery(new URLSearchParams('after=0&before=x'))).toEqual({});
  });

  it('reads its filters from the URL, ignoring unknown values rather than sending them', () => {
    expect(inboxListQuery(new URLSearchParams('assignee=12&model=billing-report&status=resolved&page=2'))).toEqual({
      assignee: 12,
      model: 'billing-report',
      status: 'resolved',
      page: 2,
    });
    expect(inboxListQuery(new URLSearchParams('assignee=none'))).toEqual({ assignee: 'none' });
    expect(inboxListQuery(new URLSearchParams('assignee=me&model=toString&status=closed'))).toEqual({});
    expect(inboxListQuery(new URLSearchParams('assignee=99999999999'))).toEqual({});
  });

  it('counts the threads it shows as open or resolved, and unread messages in words', () => {
    expect(threadCount({ total: 1 }, {})).toBe('1 open thread');
    expect(threadCount({ total: 3 }, { status: 'open' })).toBe('3 open threads');
    expect(threadCount({ total: 2 }, { status: 'resolved' })).toBe('2 resolved threads');
    expect(threadCount({ total: 12_500, totalIsCapped: true }, { status: 'resolved' })).toBe('More than 12,500 resolved threads');
    expect(unreadLabel(0)).toBe('');
    expect(unreadLabel(1)).toBe('1 unread message');
    expect(unreadLabel(4)).toBe('4 unread messages');
  });

  it('says whom a thread was assigned to, or that nobody has it now', () => {
    expect(assignedMessage('Invoice query', 'Sam Staff')).toBe('You assigned “Invoice query” to Sam Staff.');
    expect(assignedMessage('Invoice query', null)).toBe('“Invoice query” is no longer assigned to anyone.');
  });

  it('names each writer with the side they wrote for', () => {
    expect(teamMessageAuthor(message, 'Kōwhai Digital')).toBe('Alex Admin (Kōwhai Digital)');
    expect(teamMessageAuthor({ ...message, isFromTeam: true, authorName: 'Sam Staff' }, 'Kōwhai Digital')).toBe('Sam Staff (Marketplace team)');
    expect(teamMessageAuthor({ ...message, authorName: null }, 'Kōwhai Digital')).toBe('A former user (Kōwhai Digital)');
    expect(teamMessageAuthor({ ...message, isFromAgency: true, authorName: 'Hana Reti' }, 'Kōwhai Digital')).toBe('Hana Reti (agency)');
  });

  it('says what a thread is about, and links to the record where the team app has its screen', () => {
    expect(threadSubject('engagement-notice').teamPath?.(5)).toBe('/engagement-notices/5');
    expect(threadSubject('billing-report').teamPath?.(6)).toBe('/billing-reports/6');
    expect(threadSubject('supplier').teamPath?.(3)).toBe('/suppliers/3');
    expect(threadSubject('application').teamPath?.(4)).toBe('/applications/4');
    expect(threadSubject('toString')).toEqual({ label: 'Another record' });
  });
});
