// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFormUse, replayFormUse, whenFirstUsed } from './take-over';

interface Answers {
  name: string;
  email: string;
  country: string;
  kind: string;
  agreed: boolean;
}

/** A form of controlled fields, as the app draws one; the server draws the same markup, empty. */
function AnswersForm({ onSubmit }: { onSubmit: (answers: Answers) => void }) {
  const [answers, setAnswers] = useState<Answers>({ name: '', email: '', country: '', kind: '', agreed: false });
  const set = (change: Partial<Answers>) => setAnswers((current) => ({ ...current, ...change }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(answers);
      }}
    >
      <input id="name" value={answers.name} onChange={(event) => set({ name: event.target.value })} />
      <input id="email" type="email" value={answers.email} onChange={(event) => set({ email: event.target.value })} />
      <input id="country-nz" type="radio" name="country" checked={answers.country === 'New Zealand'} onChange={() => set({ country: 'New Zealand' })} />
      <input id="country-au" type="radio" name="country" checked={answers.country === 'Australia'} onChange={() => set({ country: 'Australia' })} />
      <select id="kind" value={answers.kind} onChange={(event) => set({ kind: event.target.value })}>
        <option value="">Choose</option>
        <option value="company">Company</option>
      </select>
      <input id="agreed" type="checkbox" checked={answers.agreed} onChange={(event) => set({ agreed: event.target.checked })} />
      <button type="submit">Continue</button>
    </form>
  );
}

function serverDrawnForm(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToStaticMarkup(<AnswersForm onSubmit={() => undefined} />);
  document.body.append(container);
  return container;
}

function field(container: HTMLElement, id: string): HTMLInputElement {
  const element = container.querySelector(`#${id}`);
  if (!(element instanceof HTMLInputElement)) {
    throw new Error(`No input #${id}`);
  }
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('whenFirstUsed', () => {
  it('waits for the visitor to reach into the form', async () => {
    const container = serverDrawnForm();
    const used = vi.fn();
    void whenFirstUsed(container).then(used);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(used).not.toHaveBeenCalled();
    field(container, 'name').focus();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(used).toHaveBeenCalledOnce();
  });

  it('has nothing to wait for where the server drew no form', async () => {
    const container = document.createElement('div');
    await expect(whenFirstUsed(container)).resolves.toBeUndefined();
  });

  it('starts at once when the visitor has already changed a field (before the page’s script listened)', async () => {
    const container = serverDrawnForm();
    field(container, 'country-au').checked = true;
    await expect(whenFirstUsed(container)).resolves.toBeUndefined();
  });
});

describe('readFormUse and replayFormUse', () => {
  it('give the app’s form what the visitor typed and chose in the server’s, the focus and caret, and a held submit', async () => {
    const container = serverDrawnForm();
    const started = whenFirstUsed(container);
    // The visitor, before the app has loaded: types, chooses, ticks, and asks to continue.
    const name = field(container, 'name');
    name.focus();
    name.value = 'Aroha Ngata';
    field(container, 'email').value = 'aroha@example.nz';
    field(container, 'country-nz').checked = true;
    const kind = container.querySelector('select');
    if (kind) {
      kind.value = 'company';
    }
    field(container, 'agreed').checked = true;
    name.setSelectionRange(5, 5);
    const serverForm = container.querySelector('form');
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    serverForm?.dispatchEvent(submitted);
    // The held submit does not send the page to the server.
    expect(submitted.defaultPrevented).toBe(true);
    await started;

    const use = readFormUse(container);
    expect(use.isSubmitRequested).toBe(true);
    expect(use.focusedId).toBe('name');
    const onSubmit = vi.fn();
    render(<AnswersForm onSubmit={onSubmit} />, { container });
    expect(container.querySelector('form')).not.toBe(serverForm);
    act(() => {
      replayFormUse(container, use);
    });

    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ name: 'Aroha Ngata', email: 'aroha@example.nz', country: 'New Zealand', kind: 'company', agreed: true });
    const appName = field(container, 'name');
    expect(document.activeElement).toBe(appName);
    expect(appName.selectionStart).toBe(5);
    expect(field(container, 'country-nz').checked).toBe(true);
  });

  it('leaves the app’s form as it draws it when the visitor changed nothing, and sends no submit', async () => {
    const container = serverDrawnForm();
    const use = readFormUse(container);
    expect(use).toEqual({ changed: [], focusedId: null, selection: null, isSubmitRequested: false });
    const onSubmit = vi.fn();
    render(<AnswersForm onSubmit={onSubmit} />, { container });
    act(() => {
      replayFormUse(container, use);
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field(container, 'name').value).toBe('');
  });
});
