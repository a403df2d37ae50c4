import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './whenIdle.js';

/** The browser's animation frames, held until the test paints one. */
let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Paints the page's first screen (it has no picture here) and the frame after it (afterFirstScreen). */
async function paintFirstScreen() {
  for (let i = 0; i < 2; i++) {
    frames.splice(0).forEach((frame) => frame(performance.now()));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** whenIdle with the browser's idle callbacks recorded (the next one is number 7). */
function startWaiting() {
  const idle = vi.fn(() => 7);
  vi.stubGlobal('requestIdleCallback', idle);
  vi.stubGlobal('cancelIdleCallback', vi.fn());
  const callback = vi.fn();
  whenIdle(callback);
  return { idle, callback };
}

describe('whenIdle', () => {
  it('asks for no idle moment before the first screen has painted', async () => {
    const { idle, callback } = startWaiting();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idle).not.toHaveBeenCalled();
    await paintFirstScreen();
    expect(idle).toHaveBeenCalledTimes(1);
    expect(callback).not.toHaveBeenCalled();
  });

  it('runs once, at the first press, key or focus, before the browser is idle', async () => {
    const { callback } = startWaiting();
    await paintFirstScreen();
    expect(callback).not.toHaveBeenCalled();
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(callback).toHaveBeenCalledTimes(1);
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it('someone starting on the form before the first screen has painted: runs at once, and asks for no idle moment later', async () => {
    const { idle, callback } = startWaiting();
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(callback).toHaveBeenCalledTimes(1);
    await paintFirstScreen();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(idle).not.toHaveBeenCalled();
  });

  it('runs once when the browser is idle; nothing after that', async () => {
    let idleCallback: () => void = () => {};
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => ((idleCallback = callback), 1));
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const callback = vi.fn();
    whenIdle(callback);
    await paintFirstScreen();
    idleCallback();
    expect(callback).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('without requestIdleCallback (Safari), 300 ms after the first screen (here a background tab: twice 100 ms)', () => {
    // The frames stay held (a background tab): afterNextPaint's 100 ms stand in for the first screen.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    whenIdle(callback);
    vi.advanceTimersByTime(499);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('cancelled: never runs', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const callback = vi.fn();
    whenIdle(callback)();
    vi.advanceTimersByTime(2_000);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(callback).not.toHaveBeenCalled();
  });
});
