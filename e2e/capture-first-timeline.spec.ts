// memories §2, §5 "Timeline step": a memory needs a timeline. Someone without one makes it in
// the wizard, keeping what they wrote, instead of closing the wizard (which resets it).
import { expect, test } from '@playwright/test';
import type { Memory } from '../common/memories';
import { expectToast, openWizard, signUp } from './helpers';

test('a user without timelines creates one in the timeline step and saves the memory on it', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('welcome-tooltip-seen', 'true'));
  await signUp(page);
  expect(await (await page.request.get('/api/timelines')).json()).toEqual([]);

  const wizard = await openWizard(page);
  await wizard.getByLabel('Title').fill('First snow');
  await wizard.getByLabel('Notes').fill('We built a snowman with a carrot nose.');
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByRole('button', { name: 'No' }).click();

  await expect(wizard.getByText('You have no timelines yet. Create one for this memory:')).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Continue' })).toBeDisabled();
  // accounts §5: a blank name is refused in words, and nothing is created.
  await wizard.getByLabel('Timeline name').fill('   ');
  await wizard.getByRole('button', { name: 'Create Timeline' }).click();
  await expectToast(page, 'Timeline name required', 'Please enter a name for your timeline');
  expect(await (await page.request.get('/api/timelines')).json()).toEqual([]);

  await wizard.getByLabel('Timeline name').fill('Winter Family');
  await wizard.getByRole('button', { name: 'Create Timeline' }).click();
  await expectToast(page, 'Timeline created');
  const timelines = (await (await page.request.get('/api/timelines')).json()) as Array<{ id: string; name: string }>;
  expect(timelines.map((timeline) => timeline.name)).toEqual(['Winter Family']);
  // The new timeline is chosen, and what was written is still there.
  await expect(wizard.getByRole('checkbox', { name: 'Winter Family' })).toBeChecked();
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await wizard.getByRole('button', { name: 'Save Memory' }).click();
  await expectToast(page, 'Success!', 'Memory saved successfully!');

  const memories = (await (await page.request.get('/api/memories')).json()) as Memory[];
  expect(memories.map((memory) => [memory.title, memory.content, memory.timelineIds])).toEqual([
    ['First snow', 'We built a snowman with a carrot nose.', [timelines[0]!.id]],
  ]);
});
