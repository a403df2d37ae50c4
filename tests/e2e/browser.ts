import { existsSync } from 'node:fs';

/**
 * The Chromium the journeys drive: the system's, never a downloaded one. Debian's
 * chromium-headless-shell first (the same Chromium, built without a browser's windows and tabs,
 * the build Playwright itself prefers for headless runs): on the 2-core VM the journeys took
 * 7.0 min in it against 9.4 min in the full browser, whose browser process alone used three times
 * the CPU (docs/testing.md, issue 27 item 5). The full `chromium` when the shell is not installed;
 * CHROMIUM_PATH names another.
 */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** The flags every journey's browser starts with: no GPU, no QUIC, no background traffic of its own. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const launchOptions = { executablePath: CHROMIUM, args: CHROMIUM_ARGS };
