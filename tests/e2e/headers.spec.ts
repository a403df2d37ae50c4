import { chromium, expect, test, type APIResponse, type Browser, type Page, type Response } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './browser.js';
import { uniqueEmail, waitForMail } from './mail.js';
import { ADMIN, API, SITE, STAFF, api, idToken, signIn } from './support.js';

/**
 * Every page of the site under its Content-Security-Policy (firebase.json, served by the
 * Hosting emulator): no page, frame or worker may hit a violation, and each page carries the
 * security headers. Violations are collected twice: the `securitypolicyviolation` event in
 * every frame (an init script reporting through an exposed function, so none is lost to a
 * navigation) and the console's "Refused to ..." errors, which the browser logs also for
 * frames where no script runs (sandboxed previews).
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation?: (text: string) => void }).reportCspViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} on ${location.href}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|connect|frame|apply|create)/i.test(message.text())) {
      violations.push(`console: ${message.text()} (${page.url()})`);
    }
  });
  return violations;
}

/** The headers every page of the site is sent with. */
function expectPageHeaders(headers: Record<string, string>) {
  const csp = headers['content-security-policy'];
  expect(csp, 'Content-Security-Policy').toBeTruthy();
  expect(csp).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
  expect(csp).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;');
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  // Images from the site, Cloud Storage and the card provider only: styles cannot send what they read anywhere else (issue 23 item 7).
  expect(csp).toContain("img-src 'self' data: blob: https://firebasestorage.googleapis.com https://*.stripe.com;");
  // Locally the site signs in against the Auth emulator (added by scripts/lib/stack.mjs only).
  expect(csp).toMatch(/connect-src 'self' https:\/\/identitytoolkit\.googleapis\.com https:\/\/securetoken\.googleapis\.com [^;]*http:\/\/127\.0\.0\.1:9099/);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['permissions-policy']).toBe('camera=(self), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cache-control']).toBe('no-cache');
}

async function visit(page: Page, path: string): Promise<Response> {
  const response = await page.goto(path);
  expect(response, path).not.toBeNull();
  expectPageHeaders(response!.headers());
  return response!;
}

/**
 * Lets lazy chunks, images and API calls finish, so a late violation is seen too. Bounded: on a
 * page with a srcdoc frame (the e-mail preview) Chromium reports the frame's navigation as a
 * request that never finishes, so 'networkidle' would never come although nothing is loading.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/** A free event of this spec's own (so other journeys' seats are left alone), with one attendee. */
async function freeEventWithTicket() {
  const token = await idToken();
  const date = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 16);
  const { event } = await api<{ event: { id: string; title: string } }>('/events', {
    method: 'POST',
    token,
    body: JSON.stringify({ title: `Header Walk ${Date.now()}`, date, location: 'Zion Lodge', maxAttendees: 20, confirmByEmail: false }),
  });
  const email = uniqueEmail('headers');
  const { rsvpId } = await api<{ rsvpId: string }>(`/events/${event.id}/rsvp`, { method: 'POST', body: JSON.stringify({ name: 'Hedda Header', email }) });
  return { event, ticketId: rsvpId, email };
}

test.describe('Content-Security-Policy and security headers', () => {
  test('the watcher itself reports a violation (so a clean run means something)', async ({ page }) => {
    const violations = await watchCsp(page);
    await visit(page, '/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
  });

  test('public pages: landing, a free event, a paid event at its payment step, a ticket, payment return, not found @phone', async ({ page }) => {
    test.setTimeout(60_000);
    const violations = await watchCsp(page);
    const { event, ticketId } = await freeEventWithTicket();

    await visit(page, '/');
    await expect(page.locator('#root')).not.toBeEmpty();
    await settle(page);

    await visit(page, `/${event.id}`);
    await expect(page.getByRole('heading', { name: event.title })).toBeVisible();
    await settle(page);

    await visit(page, '/condor-dinner#register');
    const form = page.locator('#register');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Paula Payer');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('csp-paid'));
    await form.getByLabel('Ticket type').selectOption({ label: 'Member — $35.00' });
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByLabel('Card number')).toBeVisible();
    await settle(page);
    // Leave the seat hold as a visitor would who changes their mind.
    await page.getByRole('button', { name: 'Cancel' }).click();

    await visit(page, `/checkin/${ticketId}`);
    await expect(page.getByRole('heading', { name: 'Event Ticket' })).toBeVisible();
    await settle(page);

    await visit(page, '/payment-success');
    await settle(page);

    const missing = await visit(page, '/no-such-event-here');
    expect(missing.status()).toBe(200);
    await settle(page);
    await visit(page, '/no/such/page');
    await settle(page);

    expect(violations).toEqual([]);
  });

  test('the dashboard, every tab, as the demo admin; and an invitation link', async ({ page }) => {
    // Ten tabs (Overview, the spec's seven, Volunteers and Activity), each loaded and left to settle: more than one journey's default 30 s on a busy machine.
    test.setTimeout(120_000);
    const violations = await watchCsp(page);
    await visit(page, '/admin');
    await signIn(page, ADMIN);
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    const names = await tabs.allTextContents();
    expect(names).toHaveLength(10);
    for (const name of names) {
      await page.getByRole('tab', { name, exact: true }).click();
      await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText(/^Loading\b/)).toHaveCount(0, { timeout: 20_000 });
      await settle(page);
      // The e-mail preview is admin HTML in a sandboxed srcdoc frame, under the page's policy.
      if (name === 'Email Templates') await expect(page.locator('iframe[title^="Preview of the"]')).toBeVisible();
      // Previews render admin HTML in frames: open any the tab offers, so its frame is checked too.
      const preview = page.getByRole('button', { name: /^Preview/ }).first();
      if (await preview.isVisible()) {
        await preview.click();
        await settle(page);
      }
    }
    await visit(page, '/admin-zfp-dashboard-2025');
    await expect(page.getByRole('tab').first()).toBeVisible();
    await settle(page);

    await visit(page, '/admin?invite=x');
    await settle(page);
    expect(violations).toEqual([]);
  });

  test('the mailbox keeps its own headers behind the /api rewrite, and its message can still be framed by the site', async ({ page, request }) => {
    const { email } = await freeEventWithTicket();
    const mail = await waitForMail(email);
    const list: APIResponse = await request.get(`${API}/mailbox`);
    expect(list.headers()['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    expect(list.headers()['x-frame-options']).toBeUndefined();
    const message = await request.get(`${API}/mailbox/${mail.id}`);
    expect(message.headers()['content-security-policy']).toBe("default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'");
    expect(message.headers()['x-frame-options']).toBe('SAMEORIGIN');

    // A same-origin page framing the message (as a preview would) still shows it.
    await page.route(`${SITE}/frame-test`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<iframe src="/api/mailbox/${mail.id}" width="800" height="600"></iframe>` }),
    );
    await page.goto('/frame-test');
    await expect(page.frameLocator('iframe').locator('img[alt="Ticket QR code"]')).toBeVisible();
  });
});

test.describe('custom CSS cannot read a staff password (issue 23 item 7)', () => {
  const MARKER = ':root { --custom-css-marker: applied; }';
  const marker = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--custom-css-marker').trim());

  test('the theme\'s custom CSS applies on the public pages, never on the staff pages; the login form keeps a typed password out of attributes; images go to no other host', async ({ page }) => {
    const token = await idToken();
    const { theme } = await api<{ theme: Record<string, unknown> }>('/theme');
    await api('/theme', { method: 'PUT', token, body: JSON.stringify({ ...theme, customCSS: MARKER }) });
    try {
      await visit(page, '/');
      await expect.poll(() => marker(page)).toBe('applied');

      await visit(page, '/admin');
      await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
      expect(await marker(page)).toBe('');
      await expect(page.locator('style[data-theme-css]')).toHaveCount(0);
      await page.getByLabel('Email').pressSequentially('staff@example.org');
      await page.getByLabel('Password').pressSequentially('secret-pass');
      await expect(page.getByLabel('Password')).toHaveValue('secret-pass');
      expect(await page.evaluate(() => document.querySelectorAll('input[type=password][value^="s"], input[value*="@"]').length)).toBe(0);

      await visit(page, '/checkin');
      expect(await marker(page)).toBe('');

      // Back on a public page, an image from any other host is refused by the policy.
      await visit(page, '/');
      await expect.poll(() => marker(page)).toBe('applied');
      const refused = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            document.addEventListener('securitypolicyviolation', (event) => resolve(`${event.effectiveDirective} ${event.blockedURI}`), { once: true });
            new Image().src = 'https://exfil.example/s.png';
          }),
      );
      expect(refused).toBe('img-src https://exfil.example/s.png');
    } finally {
      await api('/theme', { method: 'PUT', token, body: JSON.stringify(theme) });
    }
  });
});

test.describe('the door on a phone: sign-in, camera and the scanner worker under the policy', () => {
  let browser: Browser;
  test.beforeAll(async () => {
    // A fake camera, so the scanner really starts (its decoder runs in a blob: worker).
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    });
  });
  test.afterAll(async () => browser?.close());

  test('/checkin signed in as staff, camera scanner started, on a phone browser', async () => {
    const context = await browser.newContext({
      baseURL: SITE,
      permissions: ['camera'],
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      // A phone's browser: Firebase Auth's popup/redirect support would load Google's iframe here.
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    });
    try {
      const page = await context.newPage();
      const violations = await watchCsp(page);
      await visit(page, '/checkin');
      await signIn(page, STAFF);
      await expect(page.getByRole('button', { name: 'Start Camera Scanner' })).toBeVisible();
      await page.getByRole('button', { name: 'Start Camera Scanner' }).click();
      await expect(page.getByText('Point camera at QR code')).toBeVisible();
      await settle(page);
      await page.getByRole('button', { name: 'Stop Scanner' }).click();
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
