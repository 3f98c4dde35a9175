// Issue 23 "The family's side", in the browser against the real server, at phone and desktop
// size: a grandson adds "Grandma Rose" by keyboard, her link and its code show, Copy puts it on
// the clipboard and says so, the printed card carries her name and the code on one page, a new
// link stops the old one and "Stop this link" stops that, and a question asked for her is listed
// as waiting. Text at 16 px and up, targets of 44 px, names a screen reader reads.
import { expect, test, type Page } from '@playwright/test';
import { messages } from '../common/messages';
import { findSmallThings, findSidewaysScrolling } from './legibility-audit';
import { seriousViolations, signedInWithTimeline } from './helpers';

const sizes = [
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
] as const;

const ROSE = 'Grandma Rose';
const QUESTION = 'How did you and Grandpa meet?';
const TELL_LINK = /\/tell\/[\w-]{43}$/;

/** The link holder's answer for a link: 200 while it works, 404 once it is stopped. */
async function tellStatus(page: Page, link: string): Promise<number> {
  const token = link.split('/tell/')[1]!;
  return (await page.request.get(`/api/tell/${token}`)).status();
}

for (const size of sizes) {
  test.describe(`Storytellers, the family's side (${size.name})`, () => {
    test.use(size.use);
    test.describe.configure({ timeout: 90_000 });

    test(`adds ${ROSE}, shows and prints her link, renews and stops it, and asks her a question`, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await signedInWithTimeline(page, { displayName: 'Ben Lovelace', timelineName: 'Rose Family' });
      await page.goto('/family');
      await expect(page.getByText(messages.timelineMembersHeading('Rose Family'))).toBeVisible();
      await expect(page.getByText(messages.questionsEmptyNoStorytellers)).toBeVisible();

      // By keyboard: the button, the name field (focused as the dialog opens), Enter to add.
      await page.getByRole('button', { name: messages.addStoryteller }).focus();
      await page.keyboard.press('Enter');
      const add = page.getByRole('dialog', { name: messages.addStorytellerTo('Rose Family') });
      await expect(add.getByRole('textbox', { name: messages.storytellerNameLabel })).toBeFocused();
      // A blank name is refused beside the field, and nothing is sent.
      await page.keyboard.press('Enter');
      await expect(add.getByText(messages.storytellerNameRequired)).toBeVisible();
      await page.keyboard.type(ROSE);
      await page.keyboard.press('Enter');

      const made = page.getByRole('dialog', { name: messages.storytellerAdded(ROSE) });
      const field = made.getByRole('textbox', { name: messages.storytellerLinkField });
      await expect(field).toHaveValue(TELL_LINK);
      const firstLink = await field.inputValue();
      const code = made.getByRole('img', { name: messages.storytellerQrCode(ROSE) });
      await expect(code.locator('svg')).toBeVisible();
      expect(await tellStatus(page, firstLink)).toBe(200);

      await made.getByRole('button', { name: messages.storytellerCopyLink }).click();
      await expect(made.getByRole('status')).toHaveText(messages.storytellerLinkCopiedAnnounced);
      await expect(made.getByRole('button', { name: messages.storytellerLinkCopied })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstLink);
      // Share is offered only where the browser has a share sheet.
      const canShare = await page.evaluate(() => typeof navigator.share === 'function');
      await expect(made.getByRole('button', { name: messages.storytellerShare })).toHaveCount(canShare ? 1 : 0);

      // Every word at 16 px, small words too.
      expect(await findSmallThings(page, made)).toEqual({ smallControls: [], smallText: [], smallBodyText: [], smallWords: [] });
      expect(await findSidewaysScrolling(page)).toEqual([]);
      expect(await seriousViolations(page, '[role=dialog]')).toEqual([]);
      await page.screenshot({ path: `test-results/screens/storyteller-added-${size.name}.png` });

      // The printed card: her name, the code, the three steps; one page; no buttons on paper.
      await made.getByRole('link', { name: messages.storytellerPrintCard }).click();
      await expect(page).toHaveURL(/\/storytellers\/[^/]+\/card$/);
      const card = page.getByRole('article', { name: messages.storytellerCardTitle(ROSE) });
      await expect(card.getByRole('heading', { name: messages.storytellerCardTitle(ROSE) })).toBeVisible();
      await expect(card.getByRole('img', { name: messages.storytellerQrCode(ROSE) }).locator('svg')).toBeVisible();
      for (const step of messages.storytellerCardSteps) await expect(card.getByRole('listitem').filter({ hasText: step })).toBeVisible();
      await expect(card.getByText(firstLink)).toBeVisible();
      // A reload (or a card opened in a new tab) comes back to the card, outside the shell.
      await page.reload();
      await expect(card.getByRole('img', { name: messages.storytellerQrCode(ROSE) }).locator('svg')).toBeVisible();
      await expect(page.getByRole('button', { name: messages.shellOpenMenu })).toHaveCount(0);
      expect(await findSmallThings(page, card)).toMatchObject({ smallText: [], smallBodyText: [], smallWords: [] });
      expect(await findSidewaysScrolling(page)).toEqual([]);
      await page.screenshot({ path: `test-results/screens/storyteller-card-${size.name}.png`, fullPage: true });
      // On paper: no buttons, and the card alone on one A5 page (148 by 210 mm: 420 by 595 pt).
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('button', { name: messages.storytellerCardPrint })).toBeHidden();
      const pdf = (await page.pdf({ preferCSSPageSize: true, path: `test-results/screens/storyteller-card-${size.name}.pdf` })).toString('latin1');
      expect(pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).toHaveLength(1);
      const [width, height] = (pdf.match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)/) ?? []).slice(1).map(Number);
      expect([Math.round(width!), Math.round(height!)]).toEqual([420, 595]);
      await page.emulateMedia({ media: 'screen' });
      await page.getByRole('button', { name: messages.storytellerCardBack }).click();

      // Among the members, marked as a storyteller, with her story count.
      const members = page.getByRole('list', { name: messages.timelineMembersOf('Rose Family') });
      const row = members.getByRole('listitem').filter({ hasText: ROSE });
      await expect(row.getByText(messages.storytellerBadge, { exact: true })).toBeVisible();
      await expect(row.getByText(messages.storytellerStories(0))).toBeVisible();

      // A new link: confirmed, then the old one stops at once and the new one works.
      await row.getByRole('button', { name: messages.storytellerManageOf(ROSE) }).click();
      const manage = page.getByRole('dialog', { name: messages.storytellerManageOf(ROSE) });
      await expect(manage.getByRole('textbox', { name: messages.storytellerLinkField })).toHaveValue(firstLink);
      await manage.getByRole('button', { name: messages.storytellerNewLink }).click();
      await expect(manage.getByText(messages.storytellerNewLinkConfirm(ROSE))).toBeFocused();
      await manage.getByRole('group', { name: messages.storytellerNewLinkTitle }).getByRole('button', { name: messages.storytellerNewLink }).click();
      const renewed = manage.getByRole('textbox', { name: messages.storytellerLinkField });
      await expect(renewed).not.toHaveValue(firstLink);
      await expect(renewed).toHaveValue(TELL_LINK);
      const secondLink = await renewed.inputValue();
      expect(await tellStatus(page, firstLink)).toBe(404);
      expect(await tellStatus(page, secondLink)).toBe(200);

      // Stop this link: confirmed, then it answers 404 and the dialog offers a new one.
      await manage.getByRole('button', { name: messages.storytellerStopLink }).click();
      await manage.getByRole('group', { name: messages.storytellerStopLinkTitle }).getByRole('button', { name: messages.storytellerStopLink }).click();
      await expect(manage.getByText(messages.storytellerNoLink)).toBeVisible();
      expect(await tellStatus(page, secondLink)).toBe(404);
      expect(await findSmallThings(page, manage)).toMatchObject({ smallControls: [], smallText: [], smallBodyText: [] });
      await page.screenshot({ path: `test-results/screens/storyteller-manage-${size.name}.png` });
      await manage.getByRole('button', { name: messages.closeDialog }).click();
      await expect(row.getByText(messages.storytellerLinkOff)).toBeVisible();

      // A question for her, listed as waiting, with who asked it.
      await page.getByRole('button', { name: messages.askQuestion }).click();
      const ask = page.getByRole('dialog', { name: messages.askQuestion });
      await ask.getByRole('textbox', { name: messages.questionTextLabel }).fill(QUESTION);
      await ask.getByRole('combobox', { name: messages.questionForLabel }).selectOption({ label: ROSE });
      await ask.getByRole('button', { name: messages.questionSend }).click();
      await expect(ask).toBeHidden();
      const questions = page.getByRole('list', { name: messages.questionsOf('Rose Family') });
      const asked = questions.getByRole('listitem').filter({ hasText: QUESTION });
      await expect(asked.getByText(messages.questionAskedBy('Ben Lovelace', ROSE))).toBeVisible();
      await expect(asked.getByText(messages.questionWaiting)).toBeVisible();
      await expect(asked.getByRole('button', { name: messages.questionDelete(QUESTION) })).toBeVisible();

      expect(await findSmallThings(page, page.locator('main'))).toMatchObject({ smallControls: [], smallText: [], smallBodyText: [] });
      expect(await findSidewaysScrolling(page)).toEqual([]);
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: `test-results/screens/storytellers-family-${size.name}.png`, fullPage: true });
      await members.screenshot({ path: `test-results/screens/storyteller-member-${size.name}.png` });
    });
  });
}

test('Manage Timelines, Add People: adds a storyteller to the chosen timeline, who is then listed as one', async ({ page }) => {
  await signedInWithTimeline(page, { displayName: 'Ben Lovelace', timelineName: 'Rose Family' });
  await page.getByRole('button', { name: messages.shellOpenMenu }).click();
  await page.getByRole('button', { name: messages.menuManageTimelines }).click();
  const manage = page.getByRole('dialog', { name: messages.manageTimelinesTitle });
  await manage.getByRole('tab', { name: messages.addPeople }).click();
  await manage.getByRole('button', { name: messages.addStoryteller }).click();

  const add = page.getByRole('dialog', { name: messages.addStorytellerTo('Rose Family') });
  await add.getByRole('textbox', { name: messages.storytellerNameLabel }).fill('Grandpa Joe');
  await add.getByRole('button', { name: messages.storytellerCreate }).click();
  const made = page.getByRole('dialog', { name: messages.storytellerAdded('Grandpa Joe') });
  await expect(made.getByRole('textbox', { name: messages.storytellerLinkField })).toHaveValue(TELL_LINK);
  await made.getByRole('button', { name: messages.done }).click();
  await expect(made).toBeHidden();

  const joe = manage.getByRole('list', { name: messages.members }).getByRole('listitem').filter({ hasText: 'Grandpa Joe' });
  await expect(joe.getByText(messages.storytellerBadge, { exact: true })).toBeVisible();
  await expect(manage).toBeVisible();
});

test('a question her story answered reads "Answered" and opens that story, titled by the question', async ({ page }) => {
  await signedInWithTimeline(page, { displayName: 'Ben Lovelace', timelineName: 'Rose Family' });
  const [timeline] = (await (await page.request.get('/api/timelines')).json()) as Array<{ id: string }>;
  const added = await page.request.post(`/api/timelines/${timeline!.id}/storytellers`, { data: { displayName: ROSE } });
  expect(added.status()).toBe(201);
  const rose = (await added.json()) as { id: string; link: string };
  const asked = await page.request.post(`/api/timelines/${timeline!.id}/questions`, { data: { text: QUESTION, forUserId: rose.id } });
  expect(asked.status()).toBe(201);
  const question = (await asked.json()) as { id: string };

  // She answers through her link (typed here; W2's page records it), with no cookie of hers.
  const token = rose.link.split('/tell/')[1]!;
  const told = await page.request.post(`/api/tell/${token}/memories`, {
    multipart: { content: 'At the dance hall in 1958. He stepped on my toes.', questionId: question.id },
  });
  expect(told.status(), await told.text()).toBe(201);

  await page.goto('/family');
  const row = page.getByRole('list', { name: messages.timelineMembersOf('Rose Family') }).getByRole('listitem').filter({ hasText: ROSE });
  await expect(row.getByText(messages.storytellerStories(1))).toBeVisible();
  const item = page.getByRole('list', { name: messages.questionsOf('Rose Family') }).getByRole('listitem').filter({ hasText: QUESTION });
  await item.getByRole('button', { name: messages.questionOpenAnswer(QUESTION) }).click();
  const story = page.getByRole('dialog', { name: QUESTION });
  await expect(story.getByText('At the dance hall in 1958. He stepped on my toes.')).toBeVisible();
  await expect(story.getByText(ROSE).first()).toBeVisible();
});

test.describe('At phone size with Extra large text', () => {
  test.use(sizes[0].use);

  test('the storyteller row, the questions and the managing dialog keep their targets and fit the screen', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('family-memories-text-size', 'extra-large'));
    await signedInWithTimeline(page, { displayName: 'Ben Lovelace', timelineName: 'Rose Family' });
    const [timeline] = (await (await page.request.get('/api/timelines')).json()) as Array<{ id: string }>;
    const rose = (await (await page.request.post(`/api/timelines/${timeline!.id}/storytellers`, { data: { displayName: 'Great-Grandma Rosalind' } })).json()) as { id: string };
    expect((await page.request.delete(`/api/storytellers/${rose.id}/link`)).status()).toBe(204);
    expect((await page.request.post(`/api/timelines/${timeline!.id}/questions`, { data: { text: QUESTION, forUserId: rose.id } })).status()).toBe(201);

    await page.goto('/family');
    const row = page.getByRole('list', { name: messages.timelineMembersOf('Rose Family') }).getByRole('listitem').filter({ hasText: 'Great-Grandma Rosalind' });
    await expect(row.getByText(messages.storytellerLinkOff)).toBeVisible();
    await expect(page.getByText(messages.questionAskedBy('Ben Lovelace', 'Great-Grandma Rosalind'))).toBeVisible();
    expect(await findSmallThings(page, page.locator('main'))).toMatchObject({ smallControls: [] });
    expect(await findSidewaysScrolling(page)).toEqual([]);
    await row.screenshot({ path: 'test-results/screens/storyteller-member-phone-xl.png' });

    await row.getByRole('button', { name: messages.storytellerManageOf('Great-Grandma Rosalind') }).click();
    const manage = page.getByRole('dialog', { name: messages.storytellerManageOf('Great-Grandma Rosalind') });
    await expect(manage.getByText(messages.storytellerNoLink)).toBeVisible();
    expect(await findSmallThings(page, manage)).toMatchObject({ smallControls: [] });
    expect(await findSidewaysScrolling(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/screens/storyteller-manage-phone-xl.png' });
  });
});
