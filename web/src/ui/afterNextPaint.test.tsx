import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint } from './afterNextPaint.js';

/** The browser's animation frames, held until the test runs them. */
const frames = new Map<number, FrameRequestCallback>();
let nextFrame = 1;
const paintFrame = () => {
  const due = [...frames.values()];
  frames.clear();
  due.forEach((frame) => frame(performance.now()));
};

/** The browser's paint timing, reported when the test says. */
let observers: { callback: PerformanceObserverCallback; options?: PerformanceObserverInit; disconnected: boolean }[] = [];
class FakePaintObserver {
  static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  record: (typeof observers)[number];
  constructor(callback: PerformanceObserverCallback) {
    this.record = { callback, disconnected: false };
    observers.push(this.record);
  }
  observe(options: PerformanceObserverInit) {
    this.record.options = options;
  }
  disconnect() {
    this.record.disconnected = true;
  }
}
function reportPaint(name: 'first-paint' | 'first-contentful-paint') {
  const entries = [{ name, entryType: 'paint', startTime: 40 }];
  const list = { getEntries: () => entries, getEntriesByName: (wanted: string) => entries.filter((entry) => entry.name === wanted) };
  for (const observer of observers) if (!observer.disconnected) observer.callback(list as unknown as PerformanceObserverEntryList, observer as unknown as PerformanceObserver);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  frames.clear();
  observers = [];
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => (frames.set(nextFrame, frame), nextFrame++));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterFirstContentfulPaint', () => {
  it("runs when the browser reports the first contentful paint as shown, not at the frame that painted it", () => {
    const callback = vi.fn();
    afterFirstContentfulPaint(callback);
    // Reports made before the call count too.
    expect(observers[0].options).toEqual({ type: 'paint', buffered: true });
    paintFrame();
    vi.advanceTimersByTime(1);
    reportPaint('first-paint');
    expect(callback).not.toHaveBeenCalled();
    reportPaint('first-contentful-paint');
    expect(callback).toHaveBeenCalledTimes(1);
    expect(observers[0].disconnected).toBe(true);
    // Nothing more once it ran: not the grace timer, not a later report.
    vi.advanceTimersByTime(1_000);
    reportPaint('first-contentful-paint');
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('where no report comes, runs the grace after the next paint', () => {
    const callback = vi.fn();
    afterFirstContentfulPaint(callback, 250);
    paintFrame();
    vi.advanceTimersByTime(249);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('in a browser without paint timing, runs the grace after the next paint', () => {
    vi.stubGlobal('PerformanceObserver', class extends FakePaintObserver {
      static override supportedEntryTypes = ['resource'];
    });
    const callback = vi.fn();
    afterFirstContentfulPaint(callback, 250);
    expect(observers).toEqual([]);
    paintFrame();
    vi.advanceTimersByTime(251);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('a tab in the background (no frames, no paint): after the frame timer and the grace', () => {
    const callback = vi.fn();
    afterFirstContentfulPaint(callback, 250);
    vi.advanceTimersByTime(100 + 249);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('cancelled, never runs', () => {
    const callback = vi.fn();
    const cancel = afterFirstContentfulPaint(callback);
    cancel();
    paintFrame();
    reportPaint('first-contentful-paint');
    vi.advanceTimersByTime(1_000);
    expect(callback).not.toHaveBeenCalled();
    expect(observers[0].disconnected).toBe(true);
  });
});
