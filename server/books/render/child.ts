// The renderer's child process (forked by run-child.ts): compiles the book's parts with Typst
// and joins them. Typst keeps every decoded photo of a compile in memory and the join holds
// whole PDFs, so this work happens here, where the memory goes back to the system when the
// child exits, and the server's event loop never waits on it.
import { compilePart, mergeParts } from './compile.js';
import type { ChildAnswer, ChildTask } from './protocol.js';

const send = (answer: ChildAnswer) => new Promise<void>((resolve) => process.send!(answer, () => resolve()));

process.on('message', (task: ChildTask) => {
  void (async () => {
    try {
      await send(task.type === 'compile' ? await compilePart(task) : await mergeParts(task));
    } catch (error) {
      await send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  })();
});
// The server is gone (it ended, or killed the render): nothing will ask again.
process.on('disconnect', () => process.exit(0));
