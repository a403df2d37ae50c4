/** The API's base path when VITE_API_BASE does not set one: Hosting rewrites /api/** to the function. */
export const DEFAULT_API_BASE = '/api';

/** The API's base path for a build, from its VITE_API_BASE (read by the client and by vite.config.ts). */
export function apiBase(configured: string | undefined): string {
  return configured ?? DEFAULT_API_BASE;
}

/** The product API's base path for this build (vite.config.ts imports this module too, where it is the default). */
export const API_BASE: string = apiBase(import.meta.env?.VITE_API_BASE as string | undefined);

/**
 * API calls every page makes at once, which index.html asks for while the scripts download
 * (vite.config.ts adds a `<link rel="preload" as="fetch">` for each): the theme. The client sends
 * them with `preloaded: true` so the browser hands over the preloaded reply instead of asking again.
 */
export const THEME_PATH = '/theme';
export const PRELOADED_PATHS = [THEME_PATH] as const;
