import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmailTemplate, EmailTemplates } from '@shared/email-templates-model.js';
import { ApiError, type RequestOptions } from '../../api/client.js';
import { UNSAVED_TEXT, UnsavedChangesProvider } from '../../staff/unsavedChanges.js';
import { renderStaff } from '../../test/staff.js';
import EmailsTab from './EmailsTab.js';
import { insertAt, withReason } from './templatesApi.js';

const defaults: EmailTemplates = {
  ticket: { subjectTemplate: 'Your ticket for {{event.title}}', htmlTemplate: '<p>Hi {{rsvp.name}}</p>' },
  rsvpConfirmation: { subjectTemplate: "You're registered: {{event.title}}", htmlTemplate: '<p>See you</p>' },
  reminder: { subjectTemplate: 'Reminder: {{event.title}} starts {{reminder.startsIn}}', htmlTemplate: '<p>Hi {{rsvp.firstName}}</p>' },
  adminInvitation: { subjectTemplate: 'Join {{site.name}}', htmlTemplate: '<a href="{{invite.url}}">Accept</a>' },
  ticketCancelledByAdmin: { subjectTemplate: 'Your ticket for {{event.title}} has been cancelled', htmlTemplate: '<p>{{notice.money}}</p>' },
  refundIssued: { subjectTemplate: 'Refund of {{notice.refundAmount}} for {{event.title}}', htmlTemplate: '<p>{{notice.money}}</p>' },
  eventCancelled: { subjectTemplate: 'Cancelled: {{event.title}}', htmlTemplate: '<p>{{notice.money}}</p>' },
  eventUpdated: { subjectTemplate: 'Event updated: {{event.title}}', htmlTemplate: '<p>{{changes.date}}</p>' },
  orderConfirmation: { subjectTemplate: 'Your {{order.ticketCount}} tickets for {{event.title}}', htmlTemplate: '{{#each tickets}}<p>{{name}}</p>{{/each}}' },
  waitlistJoined: { subjectTemplate: "You're number {{waitlist.position}} on the waitlist", htmlTemplate: '<a href="{{waitlist.url}}">Your place</a>' },
  waitlistOffer: { subjectTemplate: 'Seats freed up: {{event.title}}', htmlTemplate: '<a href="{{offer.claimUrl}}">Claim</a>' },
  volunteerConfirmation: { subjectTemplate: 'You are volunteering: {{volunteer.role}}', htmlTemplate: '<a href="{{volunteer.url}}">Your shift</a>' },
  volunteerCancelled: { subjectTemplate: 'Volunteer shift cancelled: {{volunteer.role}}', htmlTemplate: '<a href="{{volunteer.url}}">Other shifts</a>' },
  volunteerReminder: { subjectTemplate: 'Reminder: {{volunteer.role}} {{volunteer.startsIn}}', htmlTemplate: '<a href="{{volunteer.url}}">Your shift</a>' },
};

let templates: EmailTemplates;
let failLoad: number;
let onSave: (body: EmailTemplate) => unknown;
let onTest: () => unknown;
const request = vi.fn(async (path: string, options: RequestOptions = {}) => {
  if (path === '/email-templates' && !options.method) {
    if (failLoad-- > 0) throw new ApiError('Failed to load templates', 500);
    return { success: true, templates, defaults };
  }
  const name = path.split('/')[2] as keyof EmailTemplates;
  const body = options.body as EmailTemplate;
  if (path.endsWith('/preview')) {
    if (body.htmlTemplate.includes('{{#if')) throw new ApiError('Template does not compile: line 2: oops', 400, 'Template does not compile: line 2: oops');
    return { success: true, subject: `[rendered] ${body.subjectTemplate}`, html: `<html><body>${body.htmlTemplate}</body></html>` };
  }
  if (path.endsWith('/test')) return onTest();
  if (options.method === 'PUT') {
    const reply = onSave(body);
    templates = { ...templates, [name]: body };
    return reply ?? { success: true, message: 'Template saved', templates };
  }
  if (options.method === 'DELETE') {
    templates = { ...templates, [name]: defaults[name] };
    return { success: true, message: 'Template reset to default', templates };
  }
  throw new Error(`unexpected ${options.method ?? 'GET'} ${path}`);
});

function renderTab() {
  return renderStaff(
    <UnsavedChangesProvider>
      <EmailsTab />
    </UnsavedChangesProvider>,
    { request, path: '/admin?tab=emails' },
  );
}

const html = () => screen.getByLabelText(/^HTML/) as HTMLTextAreaElement;
const subject = () => screen.getByLabelText(/^Subject/) as HTMLInputElement;
const calls = (suffix: string) => request.mock.calls.filter(([path]) => path.endsWith(suffix));

describe('EmailsTab', () => {
  beforeEach(() => {
    request.mockClear();
    templates = structuredClone(defaults);
    templates.ticket = { subjectTemplate: 'Ticket: {{event.title}}', htmlTemplate: '<p>Hello {{rsvp.name}}</p>' };
    failLoad = 0;
    onSave = () => undefined;
    onTest = () => ({ success: true, message: 'Test e-mail sent to admin@x.org' });
  });

  it('shows a loading state, then the ticket template, its placeholders and a sandboxed live preview', async () => {
    renderTab();
    expect(screen.getByText('Loading templates...')).toBeTruthy();
    await waitFor(() => expect(subject().value).toBe('Ticket: {{event.title}}'));
    expect(html().value).toBe('<p>Hello {{rsvp.name}}</p>');
    expect(screen.getByText('Customised')).toBeTruthy();
    const placeholders = within(screen.getByRole('group', { name: 'Placeholders' })).getAllByRole('button').map((b) => b.textContent);
    expect(placeholders).toEqual([
      '{{event.title}}',
      '{{event.formattedDate}}',
      '{{event.formattedTime}}',
      '{{event.location}}',
      '{{event.mapUrl}}',
      '{{rsvp.name}}',
      '{{rsvp.email}}',
      '{{ticket.id}}',
      '{{urls.event}}',
      '{{urls.checkIn}}',
      // Issue 26 item 2: a paid ticket's receipt.
      '{{receipt.paid}}',
      '{{receipt.lines}}',
      '{{receipt.total}}',
      '{{receipt.paidOn}}',
      '{{receipt.card}}',
      '{{receipt.url}}',
    ]);
    const frame = (await screen.findByTitle('Preview of the ticket e-mail')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<html><body><p>Hello {{rsvp.name}}</p></body></html>');
    expect(screen.getByText('[rendered] Ticket: {{event.title}}')).toBeTruthy();
  });

  it('offers the notices of issue 26 item 3, each with its money or change placeholders and its preview', async () => {
    const user = userEvent.setup();
    renderTab();
    await waitFor(() => expect(subject().value).toBe('Ticket: {{event.title}}'));
    const options = within(screen.getByLabelText(/^Template/)).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(expect.arrayContaining(['Ticket cancelled by an admin', 'Refund issued', 'Event cancelled', 'Event moved (date, time or place)']));
    await user.selectOptions(screen.getByLabelText(/^Template/), 'refundIssued');
    await waitFor(() => expect(subject().value).toBe('Refund of {{notice.refundAmount}} for {{event.title}}'));
    const money = within(screen.getByRole('group', { name: 'Placeholders' })).getAllByRole('button').map((b) => b.textContent);
    expect(money).toEqual(expect.arrayContaining(['{{notice.money}}', '{{notice.refundAmount}}', '{{rsvp.firstName}}']));
    expect(await screen.findByTitle(/^Preview of the refund issued e-mail/i)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(/^Template/), 'eventUpdated');
    await waitFor(() => expect(subject().value).toBe('Event updated: {{event.title}}'));
    const changes = within(screen.getByRole('group', { name: 'Placeholders' })).getAllByRole('button').map((b) => b.textContent);
    expect(changes).toEqual(expect.arrayContaining(['{{changes.summary}}', '{{changes.date}}', '{{changes.time}}', '{{changes.place}}']));
  });

  it('previews the draft once typing pauses, and shows the server\'s compile error with its line', async () => {
    const user = userEvent.setup();
    renderTab();
    await screen.findByTitle('Preview of the ticket e-mail');
    const before = calls('/preview').length;
    await user.clear(html());
    await user.type(html(), '<h1>New</h1>');
    await waitFor(() => expect(screen.getByTitle('Preview of the ticket e-mail').getAttribute('srcdoc')).toBe('<html><body><h1>New</h1></body></html>'));
    // Debounced: not one call per keystroke.
    expect(calls('/preview').length - before).toBeLessThan(4);
    fireEvent.change(html(), { target: { value: 'a\n{{#if x}}' } });
    expect(await screen.findByText('Template does not compile: line 2: oops')).toBeTruthy();
  });

  it('inserts a placeholder at the cursor of the field last used', async () => {
    const user = userEvent.setup();
    renderTab();
    await waitFor(() => expect(html().value).toBe('<p>Hello {{rsvp.name}}</p>'));
    html().focus();
    html().setSelectionRange(3, 3);
    await user.click(screen.getByRole('button', { name: 'Insert ticket.id' }));
    expect(html().value).toBe('<p>{{ticket.id}}Hello {{rsvp.name}}</p>');
    expect(html().selectionStart).toBe(3 + '{{ticket.id}}'.length);
    subject().focus();
    subject().setSelectionRange(0, 7);
    await user.click(screen.getByRole('button', { name: 'Insert event.location' }));
    expect(subject().value).toBe('{{event.location}} {{event.title}}');
  });

  it('saves the template: PUT with both fields, "Template saved"', async () => {
    const user = userEvent.setup();
    renderTab();
    await waitFor(() => expect(subject().value).toBe('Ticket: {{event.title}}'));
    await user.clear(subject());
    await user.paste('Your pass for {{event.title}}');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Template saved')).toBeTruthy();
    expect(calls('/email-templates/ticket').find(([, options]) => options?.method === 'PUT')?.[1]?.body).toEqual({
      subjectTemplate: 'Your pass for {{event.title}}',
      htmlTemplate: '<p>Hello {{rsvp.name}}</p>',
    });
  });

  it('a refused save says "Save failed" with the server\'s reason, on the field too', async () => {
    const user = userEvent.setup();
    const reason = 'Template does not compile: line 3: the template ends inside a tag or an unclosed {{#block}}';
    onSave = () => {
      throw new ApiError(reason, 400, reason, { htmlTemplate: reason }, 'TEMPLATE_DOES_NOT_COMPILE');
    };
    renderTab();
    await waitFor(() => expect(subject().value).toBe('Ticket: {{event.title}}'));
    await user.type(html(), 'x');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findAllByText(`Save failed: ${reason}`)).not.toHaveLength(0);
    expect(screen.getByText(reason)).toBeTruthy();
    expect(html().getAttribute('aria-invalid')).toBe('true');
  });

  it('checks the fields before sending: an empty subject is not saved', async () => {
    const user = userEvent.setup();
    renderTab();
    await waitFor(() => expect(subject().value).toBe('Ticket: {{event.title}}'));
    await user.clear(subject());
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Subject is required')).toBeTruthy();
    expect(calls('/email-templates/ticket').some(([, options]) => options?.method === 'PUT')).toBe(false);
  });

  it('"Send me a test" sends the draft and says where it went; a failure says why', async () => {
    const user = userEvent.setup();
    renderTab();
    await waitFor(() => expect(subject().value).toBe('Ticket: {{event.title}}'));
    await user.click(screen.getByRole('button', { name: 'Send me a test' }));
    expect(await screen.findByText('Test e-mail sent to admin@x.org')).toBeTruthy();
    expect(calls('/test')[0][1]?.body).toEqual({ subjectTemplate: 'Ticket: {{event.title}}', htmlTemplate: '<p>Hello {{rsvp.name}}</p>' });
    onTest = () => {
      throw new ApiError('The test e-mail could not be sent. Please try again.', 502, 'The test e-mail could not be sent. Please try again.');
    };
    await user.click(screen.getByRole('button', { name: 'Send me a test' }));
    expect(await screen.findByText('The test e-mail could not be sent: The test e-mail could not be sent. Please try again.')).toBeTruthy();
  });

  it('"Reset to default" asks first, then shows the default template', async () => {
    const user = userEvent.setup();
    renderTab();
    await waitFor(() => expect(subject().value).toBe('Ticket: {{event.title}}'));
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Reset the ticket e-mail to its default?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    await waitFor(() => expect(subject().value).toBe('Your ticket for {{event.title}}'));
    expect(await screen.findByText('Template reset to default')).toBeTruthy();
    expect(screen.getByText('Default template')).toBeTruthy();
    expect(calls('/email-templates/ticket').some(([, options]) => options?.method === 'DELETE')).toBe(true);
    expect((screen.getByRole('button', { name: 'Reset to default' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('each template has its own placeholders; leaving unsaved edits asks first', async () => {
    const user = userEvent.setup();
    renderTab();
    await waitFor(() => expect(subject().value).toBe('Ticket: {{event.title}}'));
    await user.type(subject(), ' edited');
    await user.selectOptions(screen.getByLabelText(/^Template/), 'adminInvitation');
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText(UNSAVED_TEXT.title)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: UNSAVED_TEXT.keep }));
    expect(subject().value).toBe('Ticket: {{event.title}} edited');
    await user.selectOptions(screen.getByLabelText(/^Template/), 'adminInvitation');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: UNSAVED_TEXT.discard }));
    await waitFor(() => expect(subject().value).toBe('Join {{site.name}}'));
    const placeholders = within(screen.getByRole('group', { name: 'Placeholders' })).getAllByRole('button').map((b) => b.textContent);
    expect(placeholders).toEqual(['{{invite.url}}', '{{invite.role}}', '{{invite.invitedBy}}', '{{invite.expiresDate}}', '{{site.name}}']);
    expect(await screen.findByTitle('Preview of the admin invitation e-mail')).toBeTruthy();
  });

  it('"Failed to load templates" with a retry that loads them', async () => {
    const user = userEvent.setup();
    failLoad = 1;
    renderTab();
    expect(await screen.findByText('Failed to load templates')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(subject().value).toBe('Ticket: {{event.title}}'));
  });
});

describe('helpers', () => {
  it('insertAt replaces the selection and answers the caret', () => {
    expect(insertAt('abcdef', 'X', 2, 4)).toEqual({ text: 'abXef', caret: 3 });
    expect(insertAt('abc', 'X', 10, 12)).toEqual({ text: 'abcX', caret: 4 });
  });

  it('withReason adds the reason unless it is the wording itself', () => {
    expect(withReason('Save failed', 'Save failed')).toBe('Save failed');
    expect(withReason('Save failed', 'Subject is required')).toBe('Save failed: Subject is required');
  });
});
