// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CASCADE_SELECT_DELAY_MS } from '../../common/constants';
import { fetchCascadeOptions, initCascadeForms, type CascadeOption } from './cascade-form';

const markup = `
  <form data-cascade-form method="get" action="/approved-suppliers">
    <select id="f-channel" name="channel">
      <option value="">All sales channels</option>
      <option value="1">Digital and ICT</option>
      <option value="2">Professional Services</option>
    </select>
    <select id="f-catalogue" name="catalogue" aria-describedby="f-catalogue-message"
      data-cascade-parent="f-channel" data-cascade-source="catalogues?channel=" data-cascade-noun="catalogues">
      <option value="">All catalogues</option>
      <optgroup label="Digital and ICT" data-parent="1">
        <option value="11" data-parent="1">Cloud Services</option>
        <option value="12" data-parent="1">Cyber Security</option>
      </optgroup>
      <optgroup label="Professional Services" data-parent="2">
        <option value="21" data-parent="2">Management Consulting</option>
      </optgroup>
    </select>
    <p id="f-catalogue-message"></p>
    <select id="f-service" name="service" aria-describedby="f-service-message"
      data-cascade-parent="f-catalogue" data-cascade-source="services?catalogue=" data-cascade-noun="services">
      <option value="">All services</option>
      <optgroup label="Cloud Services" data-parent="11"><option value="111" data-parent="11">Cloud migration</option></optgroup>
      <optgroup label="Cyber Security" data-parent="12"><option value="121" data-parent="12">Penetration testing</option></optgroup>
    </select>
    <p id="f-service-message"></p>
    <button type="submit">Find suppliers</button>
  </form>`;

function select(id: string): HTMLSelectElement {
  const element = document.getElementById(id);
  if (!(element instanceof HTMLSelectElement)) {
    throw new Error(`no select ${id}`);
  }
  return element;
}

function optionTexts(id: string): string[] {
  return [...select(id).options].map((option) => option.textContent);
}

function choose(id: string, value: string): void {
  select(id).value = value;
  select(id).dispatchEvent(new Event('change', { bubbles: true }));
}

type FetchOptions = (url: URL, signal: AbortSignal) => Promise<CascadeOption[]>;

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, '', '/sales-channels/digital-and-ict');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('initCascadeForms at start', () => {
  it('with nothing chosen, disables catalogue and service with only their "All" option', () => {
    document.body.innerHTML = markup;
    initCascadeForms(document, { fetchOptions: vi.fn<FetchOptions>() });
    expect(select('f-catalogue').disabled).toBe(true);
    expect(optionTexts('f-catalogue')).toEqual(['All catalogues']);
    expect(select('f-service').disabled).toBe(true);
    expect(optionTexts('f-service')).toEqual(['All services']);
  });

  it('keeps only the chosen parents options as the page rendered them, without a request', () => {
    document.body.innerHTML = markup;
    select('f-channel').value = '1';
    select('f-catalogue').value = '12';
    const fetchOptions = vi.fn<FetchOptions>();
    initCascadeForms(document, { fetchOptions });
    expect(optionTexts('f-catalogue')).toEqual(['All catalogues', 'Cloud Services', 'Cyber Security']);
    expect(select('f-catalogue').value).toBe('12');
    expect(select('f-catalogue').disabled).toBe(false);
    expect(optionTexts('f-service')).toEqual(['All services', 'Penetration testing']);
    expect(select('f-service').disabled).toBe(false);
    expect(fetchOptions).not.toHaveBeenCalled();
  });
});

describe('initCascadeForms on change', () => {
  it('clears and disables the dependants, waits 300 ms, loads relative to the page, then enables', async () => {
    document.body.innerHTML = markup;
    const fetchOptions = vi.fn<FetchOptions>().mockResolvedValue([
      { id: 21, title: 'Management Consulting' },
      { id: 22, title: 'Policy and Research' },
    ]);
    initCascadeForms(document, { fetchOptions });
    choose('f-channel', '2');

    expect(select('f-catalogue').disabled).toBe(true);
    expect(select('f-catalogue').getAttribute('aria-busy')).toBe('true');
    expect(document.getElementById('f-catalogue-message')?.textContent).toBe('Loading catalogues…');
    await vi.advanceTimersByTimeAsync(CASCADE_SELECT_DELAY_MS - 1);
    expect(fetchOptions).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchOptions).toHaveBeenCalledTimes(1);
    expect(fetchOptions.mock.calls[0]?.[0].href).toBe('http://localhost:3000/sales-channels/catalogues?channel=2');

    expect(optionTexts('f-catalogue')).toEqual(['All catalogues', 'Management Consulting', 'Policy and Research']);
    expect(select('f-catalogue').disabled).toBe(false);
    expect(select('f-catalogue').hasAttribute('aria-busy')).toBe(false);
    expect(document.getElementById('f-catalogue-message')?.textContent).toBe('');
    expect(select('f-service').disabled).toBe(true);

    choose('f-catalogue', '21');
    expect(select('f-service').getAttribute('aria-busy')).toBe('true');
    await vi.advanceTimersByTimeAsync(CASCADE_SELECT_DELAY_MS);
    expect(fetchOptions.mock.calls[1]?.[0].href).toBe('http://localhost:3000/sales-channels/services?catalogue=21');
  });

  it('a newer change cancels the pending one: only the last choice loads', async () => {
    document.body.innerHTML = markup;
    const fetchOptions = vi.fn<FetchOptions>().mockResolvedValue([{ id: 11, title: 'Cloud Services' }]);
    initCascadeForms(document, { fetchOptions });
    choose('f-channel', '2');
    await vi.advanceTimersByTimeAsync(200);
    choose('f-channel', '1');
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchOptions).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchOptions).toHaveBeenCalledTimes(1);
    expect(fetchOptions.mock.calls[0]?.[0].searchParams.get('channel')).toBe('1');
  });

  it('a newer change aborts a running load and ignores its answer', async () => {
    document.body.innerHTML = markup;
    const signals: AbortSignal[] = [];
    let resolveFirst: (options: CascadeOption[]) => void = () => undefined;
    const fetchOptions = vi
      .fn<FetchOptions>()
      .mockImplementationOnce((_url, signal) => {
        signals.push(signal);
        return new Promise((resolve) => {
          resolveFirst = resolve;
        });
      })
      .mockResolvedValueOnce([{ id: 11, title: 'Cloud Services' }]);
    initCascadeForms(document, { fetchOptions });
    choose('f-channel', '2');
    await vi.advanceTimersByTimeAsync(CASCADE_SELECT_DELAY_MS);
    choose('f-channel', '1');
    expect(signals[0]?.aborted).toBe(true);
    resolveFirst([{ id: 21, title: 'Management Consulting' }]);
    await vi.advanceTimersByTimeAsync(CASCADE_SELECT_DELAY_MS);
    expect(optionTexts('f-catalogue')).toEqual(['All catalogues', 'Cloud Services']);
  });

  it('choosing "All sales channels" leaves catalogue and service disabled without loading', async () => {
    document.body.innerHTML = markup;
    select('f-channel').value = '1';
    const fetchOptions = vi.fn<FetchOptions>();
    initCascadeForms(document, { fetchOptions });
    choose('f-channel', '');
    await vi.advanceTimersByTimeAsync(CASCADE_SELECT_DELAY_MS * 2);
    expect(fetchOptions).not.toHaveBeenCalled();
    expect(select('f-catalogue').disabled).toBe(true);
    expect(select('f-catalogue').hasAttribute('aria-busy')).toBe(false);
    expect(select('f-service').disabled).toBe(true);
  });

  it('a failed load leaves the select disabled with a message', async () => {
    document.body.innerHTML = markup;
    const fetchOptions = vi.fn<FetchOptions>().mockRejectedValue(new Error('offline'));
    initCascadeForms(document, { fetchOptions });
    choose('f-channel', '1');
    await vi.advanceTimersByTimeAsync(CASCADE_SELECT_DELAY_MS);
    expect(select('f-catalogue').disabled).toBe(true);
    expect(select('f-catalogue').hasAttribute('aria-busy')).toBe(false);
    const message = document.getElementById('f-catalogue-message');
    expect(message?.textContent).toBe('Catalogues could not be loaded. Check your connection, then choose again.');
    expect(message?.classList.contains('cascade-form__message--error')).toBe(true);
  });

  it('leaves "All" choices out of the submitted form data', () => {
    document.body.innerHTML = markup;
    select('f-channel').value = '1';
    initCascadeForms(document, { fetchOptions: vi.fn<FetchOptions>() });
    const form = document.querySelector('form');
    if (!form) {
      throw new Error('no form');
    }
    // jsdom does not fire formdata itself: build the entry list and dispatch the event as a browser does.
    const data = new FormData(form);
    form.dispatchEvent(Object.assign(new Event('formdata'), { formData: data }));
    expect([...data.entries()]).toEqual([['channel', '1']]);
  });
});

describe('fetchCascadeOptions', () => {
  it('returns a list of id and title, and rejects an HTTP error or a wrong shape', async () => {
    const url = new URL('http://localhost:3000/catalogues?channel=1');
    const signal = new AbortController().signal;
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    fetchMock.mockResolvedValueOnce(Response.json([{ id: 1, title: 'Cloud Services' }]));
    await expect(fetchCascadeOptions(url, signal)).resolves.toEqual([{ id: 1, title: 'Cloud Services' }]);
    fetchMock.mockResolvedValueOnce(Response.json({ error: 'bad request' }, { status: 400 }));
    await expect(fetchCascadeOptions(url, signal)).rejects.toThrow('answered 400');
    fetchMock.mockResolvedValueOnce(Response.json([{ id: '1' }]));
    await expect(fetchCascadeOptions(url, signal)).rejects.toThrow('unexpected shape');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({ accept: 'application/json' });
  });
});
