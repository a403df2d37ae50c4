import { act, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint } from './AfterFirstPaint.js';

const tick = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

/** The browser's animation frames, held until the test runs them (none run in a background tab). */
function holdFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  render(
    <AfterFirstPaint>
      <p>Below</p>
    </AfterFirstPaint>,
  );
  return frames;
}

describe('AfterFirstPaint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the first commit to be painted (the next frame), not only committed', async () => {
    const frames = holdFrames();
    await tick(30);
    expect(screen.queryByText('Below')).toBeNull();
    expect(frames).toHaveLength(1);
    await act(async () => frames[0]?.(performance.now()));
    await tick(5);
    expect(screen.getByText('Below')).toBeTruthy();
  });

  it('in a background tab, which paints no frames, it comes after 100 ms', async () => {
    holdFrames();
    await tick(50);
    expect(screen.queryByText('Below')).toBeNull();
    await tick(100);
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
        <AfterFirstPaint>
          <p>Below</p>
        </AfterFirstPaint>
      </>,
    );
    expect(belowAtFirstCommit).toBe(false);
    expect(await screen.findByText('Below')).toBeTruthy();
    expect(container.querySelector('[style]')).toBeNull();
  });

  it('the placeholder keeps the footer below the fold until then', () => {
    expect(renderToString(<AfterFirstPaint minHeight="80vh">x</AfterFirstPaint>)).toBe('<div style="min-height:80vh"></div>');
    expect(renderToString(<AfterFirstPaint>x</AfterFirstPaint>)).toContain('min-height:100vh');
  });
});
