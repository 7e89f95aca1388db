// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDownload } from './download';

/** A download the test finishes by hand. */
function heldDownload() {
  const calls: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const start = () =>
    new Promise<void>((resolve, reject) => {
      calls.push({ resolve, reject });
    });
  return { calls, start };
}

describe('useDownload (the state of every download button)', () => {
  it('runs one download at a time: a second press while one runs starts nothing', async () => {
    const held = heldDownload();
    const { result } = renderHook(() => useDownload(held.start));
    act(() => result.current.download());
    expect(result.current.isDownloading).toBe(true);
    act(() => result.current.download());
    expect(held.calls).toHaveLength(1);

    await act(async () => held.calls[0]?.resolve());
    await waitFor(() => expect(result.current.isDownloading).toBe(false));
    expect(result.current.hasFailed).toBe(false);
  });

  it('says when a download failed, and forgets it when the next one starts', async () => {
    const held = heldDownload();
    const { result } = renderHook(() => useDownload(held.start));
    act(() => result.current.download());
    await act(async () => held.calls[0]?.reject(new Error('offline')));
    await waitFor(() => expect(result.current.hasFailed).toBe(true));
    expect(result.current.isDownloading).toBe(false);

    act(() => result.current.download());
    expect(held.calls).toHaveLength(2);
    expect(result.current.hasFailed).toBe(false);
    expect(result.current.isDownloading).toBe(true);
  });
});
