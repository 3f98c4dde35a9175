// Shared steps of the end-to-end specs.
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'a long family secret';

export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.org`;
}

/** Signs up through the form and waits for the shell. */
export async function signUp(page: Page, { email = uniqueEmail(), displayName = 'Ada Lovelace' } = {}) {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByLabel('Display name').fill(displayName);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  return { email, displayName };
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In to Get Started' })).toBeVisible();
}
