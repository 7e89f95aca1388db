import { describe, expect, it, vi } from 'vitest';
import { lazy } from './lazy';

describe('lazy', () => {
  it('makes nothing until first asked, then makes the value once and keeps it', () => {
    const make = vi.fn(() => ({ made: true }));
    const value = lazy(make);
    expect(make).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('keeps a value that is undefined instead of making it again', () => {
    const make = vi.fn(() => undefined);
    const value = lazy(make);
    value();
    value();
    expect(make).toHaveBeenCalledTimes(1);
  });
});
