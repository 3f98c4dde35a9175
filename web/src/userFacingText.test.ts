// Issue 21 "The web in one style": the lint rule of eslint.config.js (userFacingText) refuses a
// word a person reads written inline in a component, and leaves attribute values that are not
// words alone. Linted as a component of web/src would be, with the project's own config.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The source text of each refusal, in the order of the code. */
async function refusals(body: string): Promise<string[]> {
  const code = `import { Button, Modal } from '@mantine/core';\nimport { messages } from '../../../../common/messages';\n${body}\n`;
  const lines = code.split('\n');
  const [result] = await eslint.lintText(code, { filePath: `${root}web/src/features/timeline-page/Probe.tsx` });
  return result!.messages
    .filter((problem) => problem.ruleId === 'react/jsx-no-literals' || problem.ruleId === 'no-restricted-syntax')
    .map((problem) => lines[problem.line - 1]!.slice(problem.column - 1, problem.endColumn! - 1).trim());
}

describe('user-facing text lives in common/messages.ts', () => {
  it("refuses an inline 'Capture a Memory' as a button's text", async () => {
    const found = await refusals('export const Probe = () => <Button onClick={() => {}}>Capture a Memory</Button>;');
    expect(found).toEqual(['Capture a Memory']);
  });

  it('refuses words in the props people read: aria-label, title, label, placeholder, alt', async () => {
    const found = await refusals(`export const Probe = ({ name }: { name: string }) => (
  <Modal opened onClose={() => {}} title="Share Memory">
    <input aria-label="Search your memories" placeholder={'Give your memory a title'} />
    <img alt={\`Photo from \${name}\`} src="/a.png" />
    <Button aria-label={name ? 'Stop recording' : messages.stop}>{messages.stop}</Button>
  </Modal>
);`);
    expect(found).toEqual(['"Share Memory"', '"Search your memories"', "'Give your memory a title'", '`Photo from ${', "'Stop recording'"]);
  });

  it("refuses a close button's aria-label in a *Props object, a child ternary and useApiMutation's toasts", async () => {
    const found = await refusals(`declare function useApiMutation(options: object): void;
export const Probe = ({ playing }: { playing: boolean }) => {
  useApiMutation({ success: 'Timeline updated', error: (message: string) => \`Failed to update timeline: \${message}\` });
  return (
    <Modal opened onClose={() => {}} closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      {playing ? 'Pause' : messages.play}
    </Modal>
  );
};`);
    expect(found).toEqual(["'Timeline updated'", '`Failed to update timeline: ${', "'Close dialog'", "'Pause'"]);
  });

  it('accepts messages entries, attribute values that are not words, and punctuation between words', async () => {
    const found = await refusals(`export const Probe = ({ count, name }: { count: number; name: string }) => (
  <Modal opened onClose={() => {}} title={messages.shareMemoryTitle} size="lg" closeButtonProps={{ 'aria-label': messages.closeDialog }}>
    <Button variant="filled" color={count > 0 ? 'red' : 'blue'} aria-label={messages.commentBy(name)} data-testid="probe">
      {messages.captureAMemory}
    </Button>
    {name} · {count}
  </Modal>
);`);
    expect(found).toEqual([]);
  });
});
