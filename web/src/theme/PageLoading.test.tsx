import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageLoading } from './ThemeProvider.js';

describe("index.html's first paint (issue 13: content before the script runs)", () => {
  it("is the same 'Loading...' the app draws while the theme loads, so nothing jumps when the script takes over", () => {
    const html = readFileSync(join(process.cwd(), 'web/index.html'), 'utf8');
    const root = /<div id="root">(.*)<\/div>$/m.exec(html)?.[1];
    expect(root).toBe(renderToStaticMarkup(<PageLoading />));
  });
});
