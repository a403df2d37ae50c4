import { lazy, type ComponentType } from 'react';

/**
 * A page in a chunk of its own. When `preload()` has brought the chunk in before the page's first
 * render (main.tsx, through preloadRoute), the page renders at once: no fallback, and so no wait
 * for React to reveal it (React shows a suspended boundary's content no sooner than 300 ms after
 * its fallback). Otherwise it loads as any lazy component does; React keeps that page mounted
 * when it later renders the loaded component itself (lazyPage.test.tsx).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  function Page(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}
