import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePageData, type PageDataSource } from './usePageData.js';

/** A load whose reply the test gives (or refuses) when it likes, with the signal each call got. */
function heldLoad() {
  const calls: { signal: AbortSignal; resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  const load = vi.fn(
    (signal: AbortSignal) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ signal, resolve, reject });
      }),
  );
  return { load, calls };
}

function source(overrides: Partial<PageDataSource<string>>): PageDataSource<string> {
  return { arrived: () => undefined, load: () => Promise.resolve('asked'), errorText: (error) => `failed: ${String(error)}`, ...overrides };
}

describe('usePageData', () => {
  it('starts with data that has already arrived, in its first render, and asks nothing', () => {
    const { load } = heldLoad();
    const renders: unknown[] = [];
    renderHook(() => {
      const state = usePageData(source({ arrived: () => 'arrived', load }));
      renders.push(state);
      return state;
    });
    expect(renders[0]).toEqual({ status: 'loaded', data: 'arrived' });
    expect(load).not.toHaveBeenCalled();
  });

  it('shows a refusal known from the address at once, and asks nothing (not even for arrived data)', () => {
    const { load } = heldLoad();
    const arrived = vi.fn(() => 'arrived');
    const { result } = renderHook(() => usePageData(source({ refusal: 'Event not found', arrived, load })));
    expect(result.current).toEqual({ status: 'error', message: 'Event not found' });
    expect(arrived).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });

  it('asks once when nothing has arrived, and shows the reply', async () => {
    const { load, calls } = heldLoad();
    const { result, rerender } = renderHook(() => usePageData(source({ load })));
    expect(result.current).toEqual({ status: 'loading' });
    rerender();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => calls[0]?.resolve('asked'));
    expect(result.current).toEqual({ status: 'loaded', data: 'asked' });
  });

  it("shows a failed call's message", async () => {
    const { load, calls } = heldLoad();
    const { result } = renderHook(() => usePageData(source({ load })));
    await act(async () => calls[0]?.reject('offline'));
    expect(result.current).toEqual({ status: 'error', message: 'failed: offline' });
  });

  it('drops the call when the page goes before its reply', async () => {
    const { load, calls } = heldLoad();
    const errorText = vi.fn(() => 'failed');
    const { unmount } = renderHook(() => usePageData(source({ load, errorText })));
    unmount();
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(async () => calls[0]?.reject(new DOMException('aborted', 'AbortError')));
    expect(errorText).not.toHaveBeenCalled();
  });

  it('reads its source at mount: a later render with other functions neither asks again nor changes', async () => {
    const { load, calls } = heldLoad();
    const second = vi.fn(() => Promise.resolve('other'));
    let current = source({ load });
    const { result, rerender } = renderHook(() => usePageData(current));
    current = source({ load: second, arrived: () => 'late' });
    rerender();
    await act(async () => calls[0]?.resolve('asked'));
    expect(result.current).toEqual({ status: 'loaded', data: 'asked' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });
});
