import { chromium, type FullConfig } from '@playwright/test';

/**
 * Before the first journey: one visit of the landing page in Chromium, to its events, and a burst of
 * the calls two browsers make at once. The stack was started (and its Functions workers warmed)
 * before the unit suites, minutes earlier; under load the first journey then met a cold browser,
 * cold Hosting files and workers paged out, and sat on 'Loading...' past its 10 s patience (a loaded
 * run of `npm test`, issue 27 item 5). Every journey then starts as warm as the later ones.
 */
export default async function warmUp(config: FullConfig) {
  const { baseURL, launchOptions } = config.projects[0]!.use;
  if (!baseURL) return;
  await Promise.all(
    Array.from({ length: 8 }, (_, i) => fetch(`${baseURL}/api/${['theme', 'events', 'sponsors', 'theme'][i % 4]}`).then((response) => response.arrayBuffer())),
  );
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage();
    await page.goto(baseURL);
    await page.locator('#events article').first().waitFor({ timeout: 120_000 });
  } finally {
    await browser.close();
  }
}
