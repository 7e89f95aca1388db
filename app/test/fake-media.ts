/** A MediaQueryList stand-in for jsdom (which has no matchMedia): tests flip `matches` and fire change. */
export interface FakeMedia extends MediaQueryList {
  set(matches: boolean): void;
}

export function fakeMedia(initial: boolean): FakeMedia {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const media = {
    matches: initial,
    media: '(min-width: 768px)',
    onchange: null,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
    addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeListener: (listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
    dispatchEvent: () => true,
    set(matches: boolean) {
      media.matches = matches;
      for (const listener of listeners) {
        listener({ matches } as MediaQueryListEvent);
      }
    },
  };
  return media as unknown as FakeMedia;
}
