import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { afterFirstScreen, FIRST_SCREEN_IMAGES } from './firstScreen.js';

/** The browser's animation frames, held until the test runs them. */
const frames = new Map<number, FrameRequestCallback>();
let nextFrame = 1;
const paintFrame = async () => {
  const due = [...frames.values()];
  frames.clear();
  due.forEach((frame) => frame(performance.now()));
  await new Promise((resolve) => setTimeout(resolve, 5));
};
/** The frame that paints the first screen, and the next one, by which it is on screen. */
const presentFrame = async () => {
  await paintFrame();
  await paintFrame();
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A picture the page asks for first, still loading (jsdom loads none). */
function firstScreenImage() {
  const image = document.createElement('img');
  image.setAttribute('fetchpriority', 'high');
  image.src = '/seed/slide1.svg';
  document.body.append(image);
  expect(image.matches(FIRST_SCREEN_IMAGES) && !image.complete).toBe(true);
  return image;
}

/** The page's own 'Loading...' (an event still on its way), by its class or by the attribute. */
function pageLoading(by: 'class' | 'attribute') {
  const loading = document.body.appendChild(document.createElement('div'));
  if (by === 'class') loading.className = 'page-loading';
  else loading.setAttribute('data-page-loading', '');
  return loading;
}

/** `callback` has not run while `image` loads; once it is in, it runs after the next frames. */
async function expectToRunOnceLoaded(image: HTMLImageElement, callback: () => void) {
  await presentFrame();
  expect(callback).not.toHaveBeenCalled();
  image.dispatchEvent(new Event('load'));
  await presentFrame();
  expect(callback).toHaveBeenCalledTimes(1);
}

beforeEach(() => {
  frames.clear();
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => (frames.set(nextFrame, frame), nextFrame++));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('afterFirstScreen', () => {
  it('with no picture to wait for, runs once the next frame is on screen: one frame after it', async () => {
    const callback = vi.fn();
    afterFirstScreen(callback);
    await wait(20);
    expect(callback).not.toHaveBeenCalled();
    await paintFrame();
    expect(callback).not.toHaveBeenCalled();
    await paintFrame();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("waits for the first screen's pictures to load, then for a frame painted after them", async () => {
    const [first, second] = [firstScreenImage(), firstScreenImage()];
    const callback = vi.fn();
    afterFirstScreen(callback);
    await paintFrame();
    first.dispatchEvent(new Event('load'));
    await paintFrame();
    expect(callback).not.toHaveBeenCalled();
    second.dispatchEvent(new Event('error'));
    await wait(20);
    expect(callback).not.toHaveBeenCalled();
    await presentFrame();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('waits for no picture of lower priority, nor for one already loaded', async () => {
    const later = document.createElement('img');
    later.src = '/seed/about.svg';
    document.body.append(later);
    const loaded = document.createElement('img');
    loaded.setAttribute('fetchpriority', 'high');
    document.body.append(loaded);
    const callback = vi.fn();
    afterFirstScreen(callback);
    await presentFrame();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("while the page shows its own 'Loading...', waits; then for the pictures its first screen asks for", async () => {
    const loading = pageLoading('attribute');
    const callback = vi.fn();
    afterFirstScreen(callback);
    await presentFrame();
    await presentFrame();
    expect(callback).not.toHaveBeenCalled();
    // The event is in: its page replaces the 'Loading...' with its first screen, picture and all.
    loading.remove();
    await expectToRunOnceLoaded(firstScreenImage(), callback);
  });

  it("the cap counts from the first screen, not from the page's 'Loading...' before it", async () => {
    const loading = pageLoading('class');
    const callback = vi.fn();
    afterFirstScreen(callback, { capMs: 100 });
    await wait(150);
    expect(callback).not.toHaveBeenCalled();
    loading.remove();
    firstScreenImage();
    await wait(50);
    expect(callback).not.toHaveBeenCalled();
    await wait(100);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('on a connection too slow for the picture, runs after the cap anyway', async () => {
    firstScreenImage();
    const callback = vi.fn();
    afterFirstScreen(callback, { capMs: 150 });
    await paintFrame();
    expect(callback).not.toHaveBeenCalled();
    await wait(200);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('cancelled, it never runs: not when the picture comes, nor at the cap', async () => {
    const image = firstScreenImage();
    const callback = vi.fn();
    afterFirstScreen(callback, { capMs: 30 })();
    image.dispatchEvent(new Event('load'));
    await wait(40);
    await presentFrame();
    await wait(120);
    expect(callback).not.toHaveBeenCalled();
  });

  it('cancelled after the picture came and its frame painted, before the next, it never runs', async () => {
    const image = firstScreenImage();
    const callback = vi.fn();
    const cancel = afterFirstScreen(callback);
    image.dispatchEvent(new Event('load'));
    await paintFrame();
    cancel();
    await paintFrame();
    await wait(120);
    expect(callback).not.toHaveBeenCalled();
  });
});

describe('afterFirstScreen, where the browser reports Largest Contentful Paint', () => {
  type Report = { startTime: number; element: Element | null };
  const observers: { callback: (list: { getEntries: () => Report[] }) => void; disconnected: boolean }[] = [];
  /** The browser reports that `element` was presented at `startTime` (ms since the page started). */
  const report = async (element: Element | null, startTime = performance.now()) => {
    for (const observer of observers) if (!observer.disconnected) observer.callback({ getEntries: () => [{ startTime, element }] });
    await wait(1);
  };
  /** The module as a new page load has it: its first screen not on screen yet. */
  let onFirstScreen: typeof afterFirstScreen;

  beforeEach(async () => {
    observers.length = 0;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['largest-contentful-paint'];
        disconnected = false;
        constructor(readonly callback: (list: { getEntries: () => Report[] }) => void) {
          observers.push(this);
        }
        observe() {}
        disconnect() {
          this.disconnected = true;
        }
      },
    );
    vi.resetModules();
    ({ afterFirstScreen: onFirstScreen } = await import('./firstScreen.js'));
  });

  it('runs on the report of an element still in the page, without waiting for frames', async () => {
    const title = document.body.appendChild(document.createElement('h1'));
    const callback = vi.fn();
    onFirstScreen(callback);
    await wait(20);
    await presentFrame();
    expect(callback).not.toHaveBeenCalled();
    await report(title);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('marks how each wait ended: the report, or a fallback (the frames after the grace, the cap)', async () => {
    performance.clearMarks();
    const marks = () => performance.getEntriesByType('mark').map((mark) => mark.name);
    const title = document.body.appendChild(document.createElement('h1'));
    onFirstScreen(vi.fn());
    await report(title);
    expect(marks()).toEqual(['first-screen:report']);
    // A page load whose report never comes: the frames after the grace.
    vi.resetModules();
    ({ afterFirstScreen: onFirstScreen } = await import('./firstScreen.js'));
    onFirstScreen(vi.fn());
    await waitFor(() => expect(marks()).toEqual(['first-screen:report', 'first-screen:frames']));
    // A picture that never loads: the cap.
    firstScreenImage();
    onFirstScreen(vi.fn(), { capMs: 30 });
    await waitFor(() => expect(marks()).toEqual(['first-screen:report', 'first-screen:frames', 'first-screen:cap']));
  });

  it("not on the report of an element no longer in the page (the 'Loading...' the page replaced)", async () => {
    const callback = vi.fn();
    onFirstScreen(callback);
    await report(document.createElement('span'));
    await report(null);
    expect(callback).not.toHaveBeenCalled();
  });

  it("with the first picture loading: not on another element's report, even after it loaded; on the picture's own", async () => {
    const title = document.body.appendChild(document.createElement('h1'));
    const image = firstScreenImage();
    const callback = vi.fn();
    onFirstScreen(callback);
    await report(title);
    image.dispatchEvent(new Event('load'));
    await report(title);
    expect(callback).not.toHaveBeenCalled();
    // A picture from another origin reports its load time, from before its load event ran: it counts all the same.
    await report(image, 0);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("a picture already loaded when the first screen comes: not on another element's report; on the picture's", async () => {
    const title = document.body.appendChild(document.createElement('h1'));
    const loaded = document.body.appendChild(document.createElement('img'));
    loaded.setAttribute('fetchpriority', 'high');
    expect(loaded.complete).toBe(true);
    const callback = vi.fn();
    onFirstScreen(callback);
    await report(title);
    expect(callback).not.toHaveBeenCalled();
    await report(loaded);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('a picture that loads twice (its fallback after an error) starts one wait, not two', async () => {
    const image = firstScreenImage();
    const callback = vi.fn();
    onFirstScreen(callback);
    image.dispatchEvent(new Event('error'));
    image.dispatchEvent(new Event('load'));
    expect(observers).toHaveLength(1);
    await report(image);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('when no report comes after the picture (it was not the largest element): the next frames, after the grace', async () => {
    const image = firstScreenImage();
    const callback = vi.fn();
    onFirstScreen(callback);
    image.dispatchEvent(new Event('load'));
    await wait(300);
    await presentFrame();
    expect(callback).not.toHaveBeenCalled();
    await wait(250);
    await presentFrame();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('once someone presses, types or scrolls (the reports stop): the next frames', async () => {
    const callback = vi.fn();
    onFirstScreen(callback);
    await presentFrame();
    expect(callback).not.toHaveBeenCalled();
    dispatchEvent(new Event('scroll'));
    await presentFrame();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('someone scrolling while the picture still loads: the next frames once it is in, no report awaited', async () => {
    const image = firstScreenImage();
    const callback = vi.fn();
    onFirstScreen(callback);
    dispatchEvent(new Event('scroll'));
    await expectToRunOnceLoaded(image, callback);
  });

  it("with no picture: not on a report from before the page's 'Loading...' gave way (its header), on one after", async () => {
    const header = document.body.appendChild(document.createElement('header'));
    const loading = pageLoading('class');
    const callback = vi.fn();
    onFirstScreen(callback);
    const before = performance.now();
    await wait(5);
    loading.remove();
    await wait(1);
    await report(header, before);
    expect(callback).not.toHaveBeenCalled();
    await report(header);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('when no report comes at all, at the cap', async () => {
    const callback = vi.fn();
    onFirstScreen(callback, { capMs: 200 });
    await wait(60);
    await presentFrame();
    expect(callback).not.toHaveBeenCalled();
    await wait(200);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('a later page of the app (the first screen was reported): the next frames, no report awaited', async () => {
    const title = document.body.appendChild(document.createElement('h1'));
    onFirstScreen(() => undefined);
    await report(title);
    const later = vi.fn();
    onFirstScreen(later);
    await presentFrame();
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('cancelled: stops listening, and a report runs nothing', async () => {
    const title = document.body.appendChild(document.createElement('h1'));
    const callback = vi.fn();
    onFirstScreen(callback)();
    expect(observers[0]?.disconnected).toBe(true);
    await report(title);
    await presentFrame();
    expect(callback).not.toHaveBeenCalled();
  });
});
