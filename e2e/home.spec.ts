import { expect, test, type Page } from '@playwright/test';
import { signUp } from './helpers';

async function createTimelineByApi(page: Page, name: string, color = '#10b981') {
  const response = await page.request.post('/api/timelines', { data: { name, color, description: `${name} memories` } });
  expect(response.status()).toBe(201);
}

test.describe('Home', () => {
  test("today's prompts reveal on tap, and Refresh brings new ones", async ({ page }) => {
    await signUp(page);
    await expect(page.getByRole('heading', { name: "Today's Prompts" })).toBeVisible();
    const back = page.getByRole('button', { name: /Looking Back\.\.\./ });
    const forward = page.getByRole('button', { name: /Looking Forward\.\.\./ });
    await expect(back).toContainText('Tap to reveal');
    await back.click();
    await expect(back).not.toContainText('Tap to reveal');
    const firstBack = (await back.textContent())!.replace('Looking Back...', '').trim();
    expect(firstBack).toMatch(/\?$/);
    await forward.click();
    await expect(forward).not.toContainText('Tap to reveal');

    // Stable for the day: a reload shows the same prompt.
    await page.reload();
    await page.getByRole('button', { name: /Looking Back\.\.\./ }).click();
    await expect(page.getByRole('button', { name: /Looking Back\.\.\./ })).toContainText(firstBack);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('Prompts refreshed')).toBeVisible();
    await page.getByRole('button', { name: /Looking Back\.\.\./ }).click();
    await expect(page.getByRole('button', { name: /Looking Back\.\.\./ })).not.toContainText(firstBack);
  });

  test('the timeline chooser shows the active timeline and switches to another', async ({ page }) => {
    await signUp(page);
    await createTimelineByApi(page, 'Lovelace Family');
    await createTimelineByApi(page, 'Work Friends', '#f97316');
    await page.reload();
    const chooser = page.getByRole('button', { name: /Active timeline: Lovelace Family/ });
    await expect(chooser).toBeVisible();
    await expect(page.getByText('Lovelace Family memories')).toBeVisible();
    await chooser.click();
    await page.getByRole('button', { name: 'Work Friends' }).click();
    await expect(page.getByRole('button', { name: /Active timeline: Work Friends/ })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('activeTimelineId'))).toMatch(/[\w-]{36}/);
    await page.reload();
    await expect(page.getByRole('button', { name: /Active timeline: Work Friends/ })).toBeVisible();
  });

  test('the welcome tooltip appears once and "Got it!" dismisses it for good', async ({ page }) => {
    await signUp(page);
    const tooltip = page.getByRole('dialog', { name: 'Welcome to Heirloom' });
    await expect(tooltip).toBeVisible();
    await tooltip.getByRole('button', { name: 'Got it!' }).click();
    await expect(tooltip).toHaveCount(0);
    await page.reload();
    await page.waitForTimeout(1500);
    await expect(tooltip).toHaveCount(0);
  });

  test('the spotlight shows its empty state with "Capture a Memory"', async ({ page }) => {
    await signUp(page);
    await expect(page.getByRole('heading', { name: 'Memory Spotlight' })).toBeVisible();
    await expect(page.getByText('No memories yet')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Capture a Memory' }).click();
    await expect(page.getByRole('dialog', { name: 'Capture a Memory' })).toBeVisible();
  });
});

test.describe('Memory Spotlight', () => {
  test('reveals a random memory on tap; Hide puts it away', async ({ page }) => {
    await signUp(page);
    const timeline = await (await page.request.post('/api/timelines', { data: { name: 'Family', color: '#3b82f6' } })).json();
    for (const title of ['Summer at the lake', 'First day of school']) {
      const created = await page.request.post('/api/memories', {
        multipart: { title, content: `All about ${title}`, timelineIds: JSON.stringify([timeline.id]), sharedWith: '[]' },
      });
      expect(created.status()).toBe(201);
    }
    await page.reload();
    await page.getByRole('button', { name: /Tap to reveal a memory/ }).click();
    const spotlight = page.getByRole('region', { name: 'Memory Spotlight' });
    await expect(spotlight.getByText(/Summer at the lake|First day of school/).first()).toBeVisible();
    await expect(spotlight.getByRole('button', { name: 'Random Memory' })).toBeVisible();
    await spotlight.getByRole('button', { name: 'Hide' }).click();
    await expect(page.getByRole('button', { name: /Tap to reveal a memory/ })).toBeVisible();
  });
});
