import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './whenIdle.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('runs once, at the first press, key or focus, before the browser is idle', () => {
    const idle = vi.fn(() => 7);
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const callback = vi.fn();
    whenIdle(callback);
    expect(callback).not.toHaveBeenCalled();
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(callback).toHaveBeenCalledTimes(1);
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('runs once when the browser is idle; nothing after that', () => {
    let idleCallback: () => void = () => {};
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => ((idleCallback = callback), 1));
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const callback = vi.fn();
    whenIdle(callback);
    idleCallback();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('without requestIdleCallback (Safari), after 300 ms', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    whenIdle(callback);
    vi.advanceTimersByTime(299);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('cancelled: never runs', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    whenIdle(callback)();
    vi.advanceTimersByTime(1_000);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(callback).not.toHaveBeenCalled();
  });
});
