import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_SCRIPT, runAppScript } from './appScript.js';

afterEach(() => document.head.replaceChildren());

/** The build's link to the app's script, as vite.config.ts writes it. */
function appScriptLink() {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = 'anonymous';
  link.href = '/assets/index-abc123.js';
  link.setAttribute('data-app-script', '');
  document.head.append(link);
  expect(link.matches(APP_SCRIPT)).toBe(true);
}

const moduleScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')];

describe('runAppScript', () => {
  it("runs the app's script, fetched from the start, only once the first paint is shown", async () => {
    appScriptLink();
    let shown = () => {};
    runAppScript(new Promise<void>((resolve) => (shown = resolve)));
    await Promise.resolve();
    expect(moduleScripts()).toEqual([]);
    shown();
    await Promise.resolve();
    const [script] = moduleScripts();
    expect(moduleScripts()).toHaveLength(1);
    expect(new URL(script.src).pathname).toBe('/assets/index-abc123.js');
    // The credentials mode of the preload, so the browser uses the copy it has already fetched.
    expect(script.crossOrigin).toBe('anonymous');
  });

  it("does nothing where the page has no such link (the dev server's index.html runs the app itself)", async () => {
    const shown = { then: vi.fn() } as unknown as Promise<void>;
    runAppScript(shown);
    await Promise.resolve();
    expect(shown.then).not.toHaveBeenCalled();
    expect(moduleScripts()).toEqual([]);
  });
});
