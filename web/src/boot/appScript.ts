/** The build's link to the app's script (vite.config.ts, bootScript). */
export const APP_SCRIPT = 'link[rel="modulepreload"][data-app-script]';

/**
 * Runs the app's script once `shown` resolves: the boot script's firstPaint, the browser's report
 * that the page's first paint ('Loading...') is on screen. The build lists the script as a
 * modulepreload (`data-app-script`), so it downloads from the start, beside the boot script. As a
 * plain <script>, a copy that arrived before the first frame (a fast connection) was evaluated
 * first, and the page's first paint waited for that whole evaluation. On the dev server there is
 * no such link: index.html's own <script> loads the app.
 */
export function runAppScript(shown: Promise<unknown>) {
  const preload = document.querySelector<HTMLLinkElement>(APP_SCRIPT);
  if (!preload) return;
  void shown.then(() => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = preload.crossOrigin;
    script.src = preload.href;
    document.head.appendChild(script);
  });
}
