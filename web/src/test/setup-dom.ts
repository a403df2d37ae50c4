// Component tests (web/src/**/*.test.tsx, jsdom): each file starts as in a fresh page, and what a
// test rendered is unmounted after it.
//
// The files share one jsdom and one module graph per worker (vitest.config.ts, isolate: false: a
// fresh one per file was half the phase's CPU). So each file starts here with the site's modules
// loaded anew (their state: the first screen, the kept theme), empty storage, an empty document at
// '/', real timers, and the page's globals as jsdom made them.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The globals tests replace with vi.stubGlobal that are plain values of the window. vi.unstubAllGlobals
// alone left requestAnimationFrame undefined for the next file (a shuffled run failed on it), so
// their values from the worker's first file are put back too. (navigator and isSecureContext are
// getters: vi.unstubAllGlobals restores those.)
const STUBBED = ['requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'fetch', 'matchMedia', 'PerformanceObserver', 'URL', 'AbortSignal', 'print'];
const kept = globalThis as unknown as { __pristineGlobals?: Record<string, unknown> };
kept.__pristineGlobals ??= Object.fromEntries(STUBBED.map((name) => [name, (globalThis as Record<string, unknown>)[name]]));

vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.useRealTimers();
vi.restoreAllMocks();
for (const [name, value] of Object.entries(kept.__pristineGlobals)) (globalThis as Record<string, unknown>)[name] = value;
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
document.head.innerHTML = '';
document.body.innerHTML = '';
window.history.replaceState(null, '', '/');

// findBy* and waitFor wait for what they check; on a busy 2-core machine a render after a click can
// take more than the library's default second, so they wait up to 5 s (still well inside a test's 20 s).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
