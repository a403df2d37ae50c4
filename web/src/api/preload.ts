/**
 * API calls every page makes at once, which index.html asks for while the scripts download
 * (vite.config.ts adds a `<link rel="preload" as="fetch">` for each): the theme. The client sends
 * them with `preloaded: true` so the browser hands over the preloaded reply instead of asking again.
 */
export const THEME_PATH = '/theme';
export const PRELOADED_PATHS = [THEME_PATH] as const;
