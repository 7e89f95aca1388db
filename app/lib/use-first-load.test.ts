// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstLoad } from './use-first-load';

describe('useFirstLoad', () => {
  it('waits for every part, then stays shown while a part loads again', () => {
    const { result, rerender } = renderHook(({ parts }: { parts: boolean[] }) => useFirstLoad(parts), { initialProps: { parts: [true, true] } });
    expect(result.current).toBe(true);
    rerender({ parts: [false, true] });
    expect(result.current).toBe(true);
    rerender({ parts: [false, false] });
    expect(result.current).toBe(false);
    // A changed filter: the list loads again in its own place.
    rerender({ parts: [true, false] });
    expect(result.current).toBe(false);
  });
});
