import { act, render, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazyPage.js';

let mounts = 0;
function ThePage({ name = 'page' }: { name?: string }) {
  useEffect(() => {
    mounts += 1;
  }, []);
  return <p>The {name}</p>;
}

function inSuspense(node: React.ReactNode) {
  return <Suspense fallback={<p>Fallback</p>}>{node}</Suspense>;
}

describe('lazyPage', () => {
  it('brought in before its first render, the page shows at once: no fallback (and no wait for React to reveal it)', async () => {
    const Page = lazyPage(async () => ({ default: ThePage }));
    await Page.preload();
    render(inSuspense(<Page name="ticket" />));
    expect(screen.getByText('The ticket')).toBeTruthy();
    expect(screen.queryByText('Fallback')).toBeNull();
  });

  it('otherwise it loads as a lazy page does, and the chunk arriving later never remounts the page showing', async () => {
    mounts = 0;
    let arrive!: (module: { default: typeof ThePage }) => void;
    const Page = lazyPage(() => new Promise<{ default: typeof ThePage }>((resolve) => (arrive = resolve)));
    const { rerender } = render(inSuspense(<Page name="shell" />));
    expect(screen.getByText('Fallback')).toBeTruthy();
    await act(async () => arrive({ default: ThePage }));
    expect(await screen.findByText('The shell')).toBeTruthy();
    rerender(inSuspense(<Page name="shell again" />));
    expect(screen.getByText('The shell again')).toBeTruthy();
    expect(mounts).toBe(1);
  });
});
