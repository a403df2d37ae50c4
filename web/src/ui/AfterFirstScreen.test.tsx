import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterFirstScreen } from './AfterFirstScreen.js';

const tick = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

/** The browser's animation frames, held until the test runs them (none run in a background tab). */
function holdFrames({ picture = false } = {}) {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  render(
    <>
      {/* The page's first picture (jsdom never loads it: the test says when it has). */}
      {picture ? <img src="/seed/slide1.svg" alt="" fetchPriority="high" /> : null}
      <AfterFirstScreen>
        <p>Below</p>
      </AfterFirstScreen>
    </>,
  );
  return frames;
}

describe('AfterFirstScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the first commit to be painted and on screen (the next frame, and one more), not only committed', async () => {
    const frames = holdFrames();
    await tick(30);
    expect(screen.queryByText('Below')).toBeNull();
    expect(frames).toHaveLength(1);
    await act(async () => frames[0]?.(performance.now()));
    await tick(5);
    expect(screen.queryByText('Below')).toBeNull();
    expect(frames).toHaveLength(2);
    await act(async () => frames[1]?.(performance.now()));
    await tick(5);
    expect(screen.getByText('Below')).toBeTruthy();
  });

  it("waits for the page's first picture to load before those frames", async () => {
    const frames = holdFrames({ picture: true });
    await tick(30);
    expect(frames).toHaveLength(0);
    await act(async () => screen.getByRole('presentation').dispatchEvent(new Event('load')));
    for (let i = 0; i < 2; i++) {
      expect(screen.queryByText('Below')).toBeNull();
      await act(async () => frames[i]?.(performance.now()));
      await tick(5);
    }
    expect(screen.getByText('Below')).toBeTruthy();
  });

  it('in a background tab, which paints no frames, it comes after twice 100 ms', async () => {
    holdFrames();
    await tick(120);
    expect(screen.queryByText('Below')).toBeNull();
    await tick(200);
    expect(screen.getByText('Below')).toBeTruthy();
  });

  it("the page's first commit holds the place (a screen's height) and the part below comes in the next", async () => {
    let belowAtFirstCommit: boolean | undefined;
    function Above() {
      useLayoutEffect(() => {
        belowAtFirstCommit = screen.queryByText('Below') !== null;
      }, []);
      return <p>Above</p>;
    }
    const { container } = render(
      <>
        <Above />
        <AfterFirstScreen>
          <p>Below</p>
        </AfterFirstScreen>
      </>,
    );
    expect(belowAtFirstCommit).toBe(false);
    expect(await screen.findByText('Below')).toBeTruthy();
    expect(container.querySelector('[style]')).toBeNull();
  });

  it('the placeholder keeps the footer below the fold until then', () => {
    expect(renderToString(<AfterFirstScreen minHeight="80vh">x</AfterFirstScreen>)).toBe('<div style="min-height:80vh"></div>');
    expect(renderToString(<AfterFirstScreen>x</AfterFirstScreen>)).toContain('min-height:100vh');
  });
});
