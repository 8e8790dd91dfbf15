import { test, expect, signIn } from './support';

/**
 * Several admins, end to end on the real server: an admin adds another, who signs in with the
 * one-time password and must choose their own first; invitations make 'Sign up' appear and a
 * link signs one person up; the activity log says who did what.
 */
test.describe.configure({ mode: 'serial' });

test('an added admin signs in with the one-time password and must choose their own first', async ({ page, browser }) => {
  await signIn(page, '/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await page.getByLabel('Email of the new account').fill('editor@example.com');
  await page.getByRole('button', { name: 'Add account' }).click();
  const oneTime = (await page.getByTestId('one-time-secret').textContent())!.trim();
  expect(oneTime).toMatch(/^[A-Za-z0-9_-]{22}$/);
  await expect(page.getByText('Password not yet changed')).toBeVisible();

  const other = await browser.newContext();
  const editor = await other.newPage();
  await editor.goto('/login');
  await editor.getByLabel('Email').fill('editor@example.com');
  await editor.getByLabel('Password').fill(oneTime);
  await editor.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(editor.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await expect(editor.getByRole('navigation')).toHaveCount(0);
  await editor.getByLabel('One-time password').fill(oneTime);
  await editor.getByLabel('New password', { exact: true }).fill('editor chose this');
  await editor.getByLabel('Repeat new password').fill('editor chose this');
  await editor.getByRole('button', { name: 'Change password' }).click();
  await expect(editor.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(editor.getByText(/Password of editor@example.com changed/)).toBeVisible();
  await other.close();

  await page.reload();
  await expect(page.getByText('Password not yet changed')).toHaveCount(0);
});

test('invitations: Sign up appears when on, a link signs one person up, once', async ({ page, browser }) => {
  await signIn(page, '/account');
  await page.getByRole('checkbox', { name: 'Sign-up by invitation' }).check({ force: true });
  await page.getByRole('button', { name: 'Create invitation link' }).click();
  const link = (await page.getByTestId('one-time-secret').textContent())!.trim();
  expect(link).toContain('/signup?token=');

  const other = await browser.newContext();
  const guest = await other.newPage();
  await guest.goto('/login');
  await expect(guest.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  await expect(guest.getByRole('link', { name: 'Login with Google' })).toHaveCount(0);
  await guest.goto(new URL(link).pathname + new URL(link).search);
  await guest.getByLabel('Email').fill('guest@example.com');
  await guest.getByLabel('Password', { exact: true }).fill('guest password 1');
  await guest.getByLabel('Repeat password').fill('guest password 1');
  await guest.getByRole('button', { name: 'Create account' }).click();
  await expect(guest.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await guest.getByRole('button', { name: 'Sign out' }).click();
  await guest.goto(new URL(link).pathname + new URL(link).search);
  await guest.getByLabel('Email').fill('second@example.com');
  await guest.getByLabel('Password', { exact: true }).fill('guest password 2');
  await guest.getByLabel('Repeat password').fill('guest password 2');
  await guest.getByRole('button', { name: 'Create account' }).click();
  await expect(guest.getByRole('alert')).toContainText('This invitation link is not valid');
  await other.close();

  // Turned off again: no Sign up.
  await page.reload();
  await page.getByRole('checkbox', { name: 'Sign-up by invitation' }).uncheck({ force: true });
  await expect(page.getByText('Turn sign-up by invitation on to create links.')).toBeVisible();
});

test("'Forgot your password?' explains what to do", async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByText('npm run admin -- reset-password you@example.com')).toBeVisible();
});
