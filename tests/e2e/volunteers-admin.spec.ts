import { expect, test, type Page } from '@playwright/test';
import { COVERAGE_LABELS, VOLUNTEER_ADMIN_MESSAGES as A } from '../../functions/src/shared/volunteers-admin-model.js';
import { VOLUNTEER_MESSAGES } from '../../functions/src/shared/volunteers-model.js';
import { uniqueEmail, waitForMail } from './mail.js';
import { ADMIN, API, api, idToken, signIn } from './support.js';

/*
 * Issue 29 item 3 on the npm start stack: an admin makes a role and a shift in the Volunteers tab, a
 * visitor signs up on /volunteer and the admin's coverage grid changes (count, colour and words);
 * the admin moves the person (who is e-mailed the new shift), the volunteer swaps back from the
 * e-mailed sign-up page, and the admin cancels the sign-up (the person is told by e-mail).
 */
test('an admin builds a role and shift, sees a sign-up on the coverage grid, moves it; the volunteer swaps back; the admin cancels @phone', async ({ page }) => {
  test.setTimeout(150_000);
  const stamp = `${Date.now().toString(36)}${test.info().project.name}`;
  // Titles and names are letters only: the stamp's digits spelt as capitals.
  const letters = stamp.replace(/[0-9]/g, (digit) => 'ABCDEFGHIJ'[Number(digit)]!).replace(/[^A-Za-z]/g, '');
  const title = `Creek Cleanup ${stamp}`;
  const roleTitle = `Litter pickers ${letters}`;
  const name = `Vera Volunteer ${letters}`;
  const email = uniqueEmail('voladmin');
  const year = new Date().getUTCFullYear() + 1;
  const token = await idToken();
  const { event } = await api<{ event: { id: string } }>('/events', {
    method: 'POST',
    token,
    body: JSON.stringify({ title, date: `${year}-06-01T08:00`, location: 'Pa’rus Trail', confirmByEmail: false }),
  });
  const role = page.getByRole('listitem', { name: roleTitle });
  const shiftOn = (day: string) => role.getByRole('listitem').filter({ hasText: day });
  const openTab = async () => {
    await page.goto(`/admin?tab=volunteers&event=${event.id}`);
    await expect(page.getByLabel('Event', { exact: true })).toHaveValue(event.id);
  };
  const mailbox = async (subject: string, link: string, p: Page = page) => {
    await p.goto(`${API}/mailbox?to=${encodeURIComponent(email)}`);
    await p.getByRole('link', { name: subject }).first().click();
    await p.getByRole('link', { name: link }).click();
  };

  await test.step('the admin adds a role and a shift; the grid says it is below its minimum', async () => {
    await page.goto(`/admin?tab=volunteers&event=${event.id}`);
    await signIn(page, ADMIN);
    await page.getByRole('button', { name: 'Add role', exact: true }).click();
    const roleForm = page.getByRole('dialog', { name: 'Add role' });
    await roleForm.getByRole('button', { name: 'Save' }).click();
    await expect(roleForm.getByText(A.titleRequired)).toBeVisible();
    await roleForm.getByLabel(/Title/).fill(roleTitle);
    await roleForm.getByLabel('Description').fill('Bags and gloves provided');
    await roleForm.getByRole('button', { name: 'Save' }).click();
    await expect(roleForm).toBeHidden();
    await expect(page.getByText(A.roleCreated)).toBeVisible();

    await page.getByRole('button', { name: `Add shift: ${roleTitle}` }).click();
    const shiftForm = page.getByRole('dialog', { name: 'Add shift' });
    await shiftForm.getByLabel(/Start/).fill(`${year}-06-01T11:00`);
    await shiftForm.getByLabel(/End/).fill(`${year}-06-01T08:00`);
    await shiftForm.getByRole('button', { name: 'Save' }).click();
    await expect(shiftForm.getByText(A.endBeforeStart)).toBeVisible();
    await shiftForm.getByLabel(/Start/).fill(`${year}-06-01T08:00`);
    await shiftForm.getByLabel(/End/).fill(`${year}-06-01T11:00`);
    await shiftForm.getByLabel('Place').fill('Canyon Junction');
    await shiftForm.getByLabel(/Capacity/).fill('2');
    await shiftForm.getByLabel(/Minimum/).fill('1');
    await shiftForm.getByRole('button', { name: 'Save' }).click();
    await expect(shiftForm).toBeHidden();
    const first = shiftOn('June 1');
    await expect(first.getByText('0 of 2 (minimum 1)')).toBeVisible();
    await expect(first.getByText(COVERAGE_LABELS.red)).toHaveClass(/coverage-red/);

    // A second shift, the next day, to move to.
    await page.getByRole('button', { name: `Add shift: ${roleTitle}` }).click();
    const second = page.getByRole('dialog', { name: 'Add shift' });
    await second.getByLabel(/Start/).fill(`${year}-06-02T08:00`);
    await second.getByLabel(/End/).fill(`${year}-06-02T11:00`);
    await second.getByLabel('Place').fill('Temple of Sinawava');
    await second.getByLabel(/Capacity/).fill('3');
    await second.getByLabel(/Minimum/).fill('0');
    await second.getByRole('button', { name: 'Save' }).click();
    await expect(second).toBeHidden();
    await expect(shiftOn('June 2').getByText('0 of 3 (minimum 0)')).toBeVisible();
  });

  await test.step('a visitor signs up on /volunteer', async () => {
    await page.goto('/volunteer');
    const article = page.getByRole('article', { name: roleTitle });
    const shift = article.getByRole('listitem').filter({ hasText: 'Canyon Junction' });
    await shift.getByRole('button', { name: VOLUNTEER_MESSAGES.signUpButton }).click();
    const form = shift.getByRole('form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Phone (optional)').fill('435 555 0199');
    await form.getByRole('button', { name: VOLUNTEER_MESSAGES.submitButton }).click();
    await expect(shift.getByText(VOLUNTEER_MESSAGES.signedUp)).toBeVisible();
  });

  await test.step("the admin's grid shows the sign-up: count, colour and words, contact details", async () => {
    await openTab();
    const first = shiftOn('June 1');
    await expect(first.getByText('1 of 2 (minimum 1)')).toBeVisible();
    await expect(first.getByText(COVERAGE_LABELS.amber)).toHaveClass(/coverage-amber/);
    await expect(first.getByText(email)).toBeVisible();
    await expect(first.getByText('435 555 0199')).toBeVisible();
  });

  await test.step('the admin moves the person to the next day; they are e-mailed the new shift', async () => {
    await shiftOn('June 1').getByRole('button', { name: `Move ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Move ${name} to another shift` });
    const target = await dialog.locator('option', { hasText: 'Temple of Sinawava' }).getAttribute('value');
    await dialog.getByLabel('Shift to move to').selectOption(target!);
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(A.moved)).toBeVisible();
    await expect(shiftOn('June 2').getByText(name)).toBeVisible();
    await expect(shiftOn('June 1').getByText('0 of 2 (minimum 1)')).toBeVisible();
    const mail = await waitForMail(email, /You are volunteering: .* June 2/);
    expect(mail.text).toContain('Temple of Sinawava');
  });

  await test.step('the volunteer swaps back from the e-mailed sign-up page', async () => {
    const moved = await waitForMail(email, /June 2/);
    await mailbox(moved.subject, 'See or cancel my shift');
    await expect(page.getByRole('heading', { name: VOLUNTEER_MESSAGES.signupHeading })).toBeVisible();
    await expect(page.getByText('Temple of Sinawava')).toBeVisible();
    await page.getByRole('button', { name: A.swapHeading }).click();
    await page.getByRole('radio', { name: /Canyon Junction/ }).check();
    await page.getByRole('button', { name: A.swapButton }).click();
    await expect(page.getByText(A.swapped)).toBeVisible();
    await expect(page.getByText('Canyon Junction')).toBeVisible();
  });

  await test.step('the admin sees it back and cancels it; the person is told', async () => {
    await openTab();
    const first = shiftOn('June 1');
    await expect(first.getByText('1 of 2 (minimum 1)')).toBeVisible();
    await first.getByRole('button', { name: `Cancel ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Cancel ${name}'s sign-up?` });
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(A.cancelledByAdmin)).toBeVisible();
    await expect(first.getByText('0 of 2 (minimum 1)')).toBeVisible();
    await expect(first.getByText(COVERAGE_LABELS.red)).toBeVisible();
    const told = await waitForMail(email, /Volunteer shift cancelled/);
    expect(told.text).toContain(roleTitle);
  });
});
