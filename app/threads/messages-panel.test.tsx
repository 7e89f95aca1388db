// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECORD_THREADS_PAGE_SIZE, THREAD_CONTENT_MAX_LENGTH, THREAD_TITLE_MAX_LENGTH, type Thread, type ThreadMessage } from '../../common/api/threads';
import { MemoryRouter } from 'react-router';
import type { ErrorResponse } from '../../common/api/http';
import type { ApiRequestOptions } from '../lib/api';
import type * as DownloadModule from '../lib/download';
import { ApiError } from '../lib/api-error';
import { MessagesPanel } from './messages-panel';
import {
  NO_THREADS_MESSAGE,
  THREAD_NOT_FOUND_FOR_MESSAGE,
  THREAD_NOT_FOUND_FOR_UPDATE,
  UPLOAD_FAILED_MESSAGE,
} from './messages';

type ApiCall = (path: string, options?: ApiRequestOptions) => Promise<unknown>;
const api = vi.hoisted(() => ({ apiFetch: vi.fn<ApiCall>() }));
vi.mock('../lib/api', async () => {
  const { ApiError: RealApiError } = await import('../lib/api-error');
  const { checkedApiFetch } = await import('../test/checked-api-fetch');
  return { ApiError: RealApiError, apiFetch: checkedApiFetch(api.apiFetch) };
});
vi.mock('../lib/page-data', () => ({ getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace' }) }));
vi.mock('../lib/download', async (importOriginal) => ({
  ...(await importOriginal<typeof DownloadModule>()),
  downloadApiFile: vi.fn(() => Promise.resolve()),
}));

const FILE_ID = '3f1c2b4a-1111-4222-8333-444455556666';

function buildMessage(overrides: Partial<ThreadMessage> = {}): ThreadMessage {
  return {
    id: 1,
    threadId: 1,
    content: 'Our invoice is wrong.',
    attachment: null,
    authorName: 'Morgan Member',
    isFromTeam: false,
    isFromAgency: false,
    createdAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

function buildThread(overrides: Partial<Thread> = {}): Thread {
  return {
    id: 1,
    model: 'supplier',
    recordId: 7,
    title: 'Invoice query',
    isResolved: false,
    resolvedAt: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    messages: [buildMessage()],
    hasEarlierMessages: false,
    ...overrides,
  };
}

/** The first page of a record's threads, as GET …/thread answers. */
function pageOf(threads: Thread[], total = threads.length) {
  return { threads, total, page: 1, pageSize: RECORD_THREADS_PAGE_SIZE };
}

/** Answers GET …/thread with `threads` and every other call with `answer(path, options)`. */
function answerApi(threads: Thread[], answer: ApiCall = () => Promise.reject(new Error('unexpected call'))) {
  api.apiFetch.mockImplementation((path, options) =>
    path === 'supplier/7/thread' && (options?.method ?? 'GET') === 'GET' ? Promise.resolve(pageOf(threads)) : answer(path, options),
  );
}

function renderPanel(at = '/dashboard/supplier') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[at]}>
      <QueryClientProvider client={client}>
        <MessagesPanel model="supplier" recordId={7} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Messages' });
}

function newThreadForm(): HTMLElement {
  return screen.getByRole('region', { name: 'Start a new thread' });
}

function fillNewThread(title: string, content: string, file?: File) {
  const form = within(newThreadForm());
  fireEvent.change(form.getByLabelText('Title'), { target: { value: title } });
  fireEvent.change(form.getByLabelText('Message'), { target: { value: content } });
  if (file) {
    fireEvent.change(form.getByLabelText('Attachment (optional)'), { target: { files: [file] } });
  }
  fireEvent.click(form.getByRole('button', { name: 'Start thread' }));
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('MessagesPanel', () => {
  it('lists threads with their status, and messages with their author, the team as one voice', async () => {
    answerApi([
      buildThread({
        id: 2,
        title: 'Newer question',
        messages: [
          buildMessage({ id: 3, threadId: 2, attachment: { id: FILE_ID, fileName: 'receipt.png' } }),
          buildMessage({ id: 4, threadId: 2, content: 'All sorted.', authorName: 'Sam Staff', isFromTeam: true }),
          buildMessage({ id: 5, threadId: 2, content: 'Agreed.', authorName: 'Hana Reti', isFromAgency: true }),
        ],
      }),
      buildThread({ id: 1, title: 'Older question', isResolved: true }),
    ]);
    const panel = renderPanel();
    const threads = await within(panel).findAllByRole('article');
    expect(threads.map((thread) => within(thread).getByRole('heading').textContent)).toEqual(['Newer question', 'Older question']);
    const [newer, older] = threads as [HTMLElement, HTMLElement];
    expect(newer.textContent).toContain('Status: Open');
    expect(older.textContent).toContain('Status: Resolved');
    const messages = within(newer).getAllByRole('listitem');
    expect(messages[0]?.textContent).toContain('Morgan Member');
    expect(messages[1]?.textContent).toContain('Marketplace team');
    expect(messages[1]?.textContent).not.toContain('Sam Staff');
    // The agency a disputed notice names writes in its thread too (issue 31).
    expect(messages[2]?.querySelector('.thread-message__author')?.textContent).toBe('Hana Reti (agency)');
    expect(within(newer).getByRole('button', { name: 'Download attachment receipt.png' })).toBeDefined();
    // Only an open thread takes replies and can be resolved.
    expect(within(older).queryByLabelText('Your reply')).toBeNull();
    expect(within(older).queryByRole('button', { name: 'Mark as resolved' })).toBeNull();
  });

  it("shows a long thread's earlier messages on request, a page at a time, oldest first", async () => {
    const message = (id: number) => buildMessage({ id, content: `Message ${String(id)}`, createdAt: `2026-03-01T09:${String(id).padStart(2, '0')}:00.000Z` });
    answerApi([buildThread({ messages: [message(5), message(6)], hasEarlierMessages: true })], (path) => {
      if (path === 'supplier/7/thread/1/messages?before=5') {
        return Promise.resolve({ messages: [message(3), message(4)], hasEarlierMessages: true });
      }
      if (path === 'supplier/7/thread/1/messages?before=3') {
        return Promise.resolve({ messages: [message(1), message(2)], hasEarlierMessages: false });
      }
      return Promise.reject(new Error(`unexpected call ${path}`));
    });
    const panel = renderPanel();
    const thread = await within(panel).findByRole('article');
    const contents = () => within(thread).getAllByRole('listitem').map((item) => item.querySelector('.thread-message__content')?.textContent);
    expect(contents()).toEqual(['Message 5', 'Message 6']);

    fireEvent.click(within(thread).getByRole('button', { name: 'Show earlier messages' }));
    await waitFor(() => expect(contents()).toEqual(['Message 3', 'Message 4', 'Message 5', 'Message 6']));
    expect(within(panel).getByText('2 earlier messages are shown.')).toBeDefined();

    fireEvent.click(within(thread).getByRole('button', { name: 'Show earlier messages' }));
    await waitFor(() => expect(contents()).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5', 'Message 6']));
    // The first message is reached: no button left, and the focus is on the messages.
    expect(within(thread).queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(thread).getByRole('list', { name: 'Messages in Invoice query' })));
  });

  it('shows an empty list when the threads cannot be loaded, and loads them again on request', async () => {
    api.apiFetch.mockRejectedValueOnce(new ApiError(500, null));
    const panel = renderPanel();
    await within(panel).findByText(NO_THREADS_MESSAGE);
    expect(within(panel).queryByRole('article')).toBeNull();
    answerApi([buildThread()]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    await within(panel).findByRole('article', { name: 'Invoice query' });
  });

  it('asks for a title and a message before sending anything', async () => {
    answerApi([]);
    renderPanel();
    await screen.findByText(NO_THREADS_MESSAGE);
    fillNewThread('  ', '');
    const form = within(newThreadForm());
    expect(form.getAllByRole('link').map((link) => link.textContent)).toEqual(['Enter a title', 'Enter a message']);
    expect(form.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(api.apiFetch).toHaveBeenCalledTimes(1);

    fillNewThread('x'.repeat(THREAD_TITLE_MAX_LENGTH + 1), 'y'.repeat(THREAD_CONTENT_MAX_LENGTH + 1));
    expect(form.getAllByRole('link').map((link) => link.textContent)).toEqual([
      `Title must be ${THREAD_TITLE_MAX_LENGTH} characters or fewer`,
      `Message must be ${THREAD_CONTENT_MAX_LENGTH} characters or fewer`,
    ]);
    expect(api.apiFetch).toHaveBeenCalledTimes(1);
  });

  it('uploads the attachment to MessageAttachments first, then starts the thread with its id', async () => {
    const created = buildThread({ id: 9, title: 'New question' });
    let finishUpload = () => {};
    const uploaded = new Promise<void>((resolve) => {
      finishUpload = resolve;
    });
    answerApi([], async (path) => {
      if (path !== 'upload') {
        return created;
      }
      await uploaded;
      return { success: true, files: [{ id: FILE_ID, fileName: 'receipt.png', size: 4, contentType: 'image/png' }], errors: [] };
    });
    const panel = renderPanel();
    await screen.findByText(NO_THREADS_MESSAGE);
    fillNewThread(' New question ', 'Please help.', png());
    expect(await within(newThreadForm()).findByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
    finishUpload();
    await waitFor(() => expect(panel.textContent).toContain('Your thread was started.'));
    expect(within(newThreadForm()).getByLabelText<HTMLInputElement>('Title').value).toBe('');

    const [, upload, create] = api.apiFetch.mock.calls;
    expect(upload?.[0]).toBe('upload');
    expect(upload?.[1]?.headers).toEqual({ folder: 'MessageAttachments' });
    expect((upload?.[1]?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(create).toEqual(['supplier/7/thread', { method: 'POST', body: { title: 'New question', content: 'Please help.', attachment: FILE_ID } }]);
  });

  it.each([
    ['the server’s first error', new ApiError(415, { error: 'unsupported_media_type', message: 'Not this type.', errors: ['Not this type.'] } as ErrorResponse), 'Not this type.'],
    ['the spec’s text when the answer is not JSON', new ApiError(502, null), UPLOAD_FAILED_MESSAGE],
    ['the spec’s text for a lost connection', new TypeError('Failed to fetch'), UPLOAD_FAILED_MESSAGE],
  ])('shows %s when the upload fails, and sends no message', async (_case, failure, text) => {
    answerApi([], () => Promise.reject(failure));
    renderPanel();
    await screen.findByText(NO_THREADS_MESSAGE);
    fillNewThread('Question', 'Please help.', png());
    expect((await within(newThreadForm()).findByRole('alert')).textContent).toBe(text);
    expect(api.apiFetch).toHaveBeenCalledTimes(2);
  });

  it('shows the server’s first error of an answer that reports no success', async () => {
    answerApi([], () => Promise.resolve({ success: false, files: [], errors: ['Try a smaller file.'] }));
    renderPanel();
    await screen.findByText(NO_THREADS_MESSAGE);
    fillNewThread('Question', 'Please help.', png());
    expect((await within(newThreadForm()).findByRole('alert')).textContent).toBe('Try a smaller file.');
  });

  it('says the spec’s texts when the thread to reply to or resolve is not found', async () => {
    answerApi([buildThread()], () => Promise.reject(new ApiError(404, { error: 'not_found', message: 'Not found.' })));
    const panel = renderPanel();
    const thread = await within(panel).findByRole('article', { name: 'Invoice query' });
    fireEvent.change(within(thread).getByLabelText('Your reply'), { target: { value: 'Hello?' } });
    fireEvent.click(within(thread).getByRole('button', { name: 'Send reply' }));
    expect((await within(thread).findByRole('alert')).textContent).toBe(THREAD_NOT_FOUND_FOR_MESSAGE);

    fireEvent.click(within(thread).getByRole('button', { name: 'Mark as resolved' }));
    const question = within(thread).getByRole('group', { name: /as resolved\?/ });
    expect(document.activeElement?.id).toBe(question.getAttribute('aria-labelledby'));
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, mark as resolved' }));
    expect((await within(question).findByRole('alert')).textContent).toBe(THREAD_NOT_FOUND_FOR_UPDATE);
    expect(api.apiFetch).toHaveBeenCalledWith('supplier/7/thread/1/resolve', { method: 'PUT' });
  });

  it('pages the threads: the page in the address is the one asked for, with Previous and Next', async () => {
    api.apiFetch.mockImplementation((path) =>
      path === 'supplier/7/thread?page=2'
        ? Promise.resolve({ threads: [buildThread({ id: 11, title: 'Eleventh' })], total: 25, page: 2, pageSize: RECORD_THREADS_PAGE_SIZE })
        : Promise.reject(new Error(`unexpected call ${path}`)),
    );
    const panel = renderPanel('/dashboard/supplier?threads-page=2');
    await within(panel).findByRole('article', { name: 'Eleventh' });
    const pages = within(panel).getByRole('navigation', { name: 'Pages of threads' });
    expect(pages.textContent).toContain('Page 2 of 3');
    expect(within(pages).getByRole('link', { name: /^Previous/ }).getAttribute('href')).toBe('/dashboard/supplier?threads-page=1');
    expect(within(pages).getByRole('link', { name: /^Next/ }).getAttribute('href')).toBe('/dashboard/supplier?threads-page=3');
  });

  it('says what to do on a page past the last', async () => {
    api.apiFetch.mockImplementation((path) =>
      path === 'supplier/7/thread?page=9' ? Promise.resolve({ threads: [], total: 3, page: 9, pageSize: RECORD_THREADS_PAGE_SIZE }) : Promise.reject(new Error(path)),
    );
    const panel = renderPanel('/dashboard/supplier?threads-page=9');
    const link = await within(panel).findByRole('link', { name: 'Go to the newest threads' });
    expect(link.getAttribute('href')).toBe('/dashboard/supplier');
  });

  it('resolves a thread only after the confirmation', async () => {
    let isResolved = false;
    api.apiFetch.mockImplementation((path) => {
      if (path.endsWith('/resolve')) {
        isResolved = true;
        return Promise.resolve(buildThread({ isResolved: true }));
      }
      return Promise.resolve(pageOf([buildThread({ isResolved })]));
    });
    const panel = renderPanel();
    const thread = await within(panel).findByRole('article', { name: 'Invoice query' });
    fireEvent.click(within(thread).getByRole('button', { name: 'Mark as resolved' }));
    fireEvent.click(within(thread).getByRole('button', { name: 'Cancel' }));
    expect(isResolved).toBe(false);
    fireEvent.click(within(thread).getByRole('button', { name: 'Mark as resolved' }));
    fireEvent.click(within(thread).getByRole('button', { name: 'Yes, mark as resolved' }));
    await waitFor(() => expect(thread.textContent).toContain('Status: Resolved'));
    await waitFor(() => expect(panel.textContent).toContain('The thread was marked resolved.'));
  });
});
