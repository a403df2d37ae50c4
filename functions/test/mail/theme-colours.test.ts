// Issue 24 item 12: e-mails take the theme's colours when they are sent, not the palette frozen into
// the templates; and a primary colour changed in the Theme tab reaches the buttons and links that
// followed it, though the tab sends every field.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Theme } from '../../src/shared/theme-model.js';
import { FOOTER_BAND, TERRACOTTA } from '../../src/mail/templates/layout.js';
import { themeMailColours } from '../../src/mail/templates/colours.js';
import { SETTINGS, THEME_DOC } from '../../src/theme/service.js';
import { createTestApi, createTestEvent, type TestApi } from '../support/api.js';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const putTheme = (theme: Theme) => api.request.put('/api/theme').set(api.bearer('admin')).send(theme).expect(200);
const currentTheme = async (): Promise<Theme> => (await api.request.get('/api/theme').expect(200)).body.theme;

/** Registers `email` for a new free event and answers the HTML of the ticket e-mail it is sent. */
async function ticketMailHtml(email: string): Promise<string> {
  const event = await createTestEvent(api, { title: 'Owl Prowl' });
  await api.request.post(`/api/events/${event.id}/rsvp`).send({ name: 'Olive Owl', email }).expect(201);
  await api.services.mail.whenIdle();
  await api.services.mail.deliverDue();
  const list = await api.request.get(`/api/mailbox?format=json&to=${encodeURIComponent(email)}`);
  expect(list.body.messages).toHaveLength(1);
  return (await api.request.get(`/api/mailbox/${list.body.messages[0].id}?format=json`)).body.message.html as string;
}

describe('e-mail colours follow the theme at send time', () => {
  it('a re-themed site sends e-mails in its new colours (header band, button, labels, footer), again after a second change', async () => {
    const first = { ...(await currentTheme()), primaryColor: '#225577', headerColor: '#334455', footerColor: '#112233' };
    await putTheme(first);
    const html = await ticketMailHtml('first@example.org');
    expect(html).toContain('background-color:#225577');
    expect(html).toContain('color:#334455');
    expect(html).toContain('background-color:#112233');
    expect(html.toLowerCase()).not.toContain(FOOTER_BAND);
    expect(html.toLowerCase()).not.toContain(TERRACOTTA);

    await putTheme({ ...(await currentTheme()), primaryColor: '#118844' });
    const again = await ticketMailHtml('second@example.org');
    expect(again).toContain('background-color:#118844');
    expect(again).not.toContain('#225577');
  });

  it('a value that is not a hex colour leaves the palette as it was', () => {
    const html = `<td style="background-color:${TERRACOTTA}">`;
    expect(themeMailColours(html, { primaryColor: 'red;x:y', headerColor: '', footerColor: '#fff' })).toBe(html);
  });
});

describe('PUT /theme: button and link colours that followed the primary colour keep following it', () => {
  // Each case starts from a site never themed (every colour the default).
  beforeEach(() => api.deps.store.delete(SETTINGS, THEME_DOC));

  it('the Theme tab sends every field with only the primary changed: buttons and links take the new primary, nothing else moves', async () => {
    await putTheme({ ...(await currentTheme()), primaryColor: '#225577' });
    const shown = await currentTheme();
    expect(shown.buttonColor).toBe('#225577');
    expect(shown.linkColor).toBe('#225577');
    // Sent again as the tab shows it, with another primary colour.
    const reply = (await putTheme({ ...shown, primaryColor: '#118844' })).body.theme as Theme;
    expect(reply).toEqual({ ...shown, primaryColor: '#118844', buttonColor: '#118844', linkColor: '#118844' });
  });

  it('a button colour set apart from the primary colour stays as set', async () => {
    await putTheme({ ...(await currentTheme()), primaryColor: '#225577', buttonColor: '#990000' });
    const reply = (await putTheme({ ...(await currentTheme()), primaryColor: '#118844' })).body.theme as Theme;
    expect(reply.buttonColor).toBe('#990000');
    expect(reply.linkColor).toBe('#118844');
  });
});
