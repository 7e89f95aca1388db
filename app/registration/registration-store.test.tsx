// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { REGISTRATION_STORAGE_KEY } from '../../common/registration/steps';
import { RegistrationStoreProvider, useRegistrationStore } from './registration-store';
import { loadSavedRegistration } from './saved-registration';

function Probe({ onStore }: { onStore: (store: ReturnType<typeof useRegistrationStore>) => void }) {
  const store = useRegistrationStore();
  onStore(store);
  return <p>{JSON.stringify(store.saved.answers)}</p>;
}

describe('the registration store', () => {
  afterEach(() => window.localStorage.clear());

  it('keeps each step\'s answers under its number in local storage, and reads them back after a reload', () => {
    let store: ReturnType<typeof useRegistrationStore> | undefined;
    const { unmount } = render(
      <RegistrationStoreProvider>
        <Probe onStore={(value) => (store = value)} />
      </RegistrationStoreProvider>,
    );
    act(() => store?.saveStep(1, { trading_name: 'Kauri' }));
    act(() => store?.saveStep(2, { website: 'https://a.nz' }));
    act(() => store?.saveStep(1, { trading_name: 'Kauri Cloud' }));
    act(() => store?.rememberFile({ id: 'f1', fileName: 'accounts.pdf' }));
    expect(JSON.parse(window.localStorage.getItem(REGISTRATION_STORAGE_KEY) ?? '{}')).toEqual({
      answers: { '1_trading_name': 'Kauri Cloud', '2_website': 'https://a.nz' },
      fileNames: { f1: 'accounts.pdf' },
    });
    unmount();

    render(
      <RegistrationStoreProvider>
        <Probe onStore={(value) => (store = value)} />
      </RegistrationStoreProvider>,
    );
    expect(store?.answersOf(1)).toEqual({ trading_name: 'Kauri Cloud' });
    act(() => store?.clear());
    expect(window.localStorage.getItem(REGISTRATION_STORAGE_KEY)).toBeNull();
    expect(screen.getByText('{}')).toBeTruthy();
  });

  it('starts empty from a record it cannot read', () => {
    window.localStorage.setItem(REGISTRATION_STORAGE_KEY, '{not json');
    expect(loadSavedRegistration()).toEqual({ answers: {}, fileNames: {} });
    window.localStorage.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify({ answers: 'x' }));
    expect(loadSavedRegistration()).toEqual({ answers: {}, fileNames: {} });
  });
});
