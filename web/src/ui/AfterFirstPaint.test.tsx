import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AfterFirstPaint } from './AfterFirstPaint.js';

describe('AfterFirstPaint', () => {
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
