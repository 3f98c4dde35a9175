// The renderer's child process (forked by run-child.ts): scales the photos to print, compiles
// the book's parts with Typst and joins them. libvips and Typst keep memory after their work,
// and the join holds whole PDFs, so this work happens here, where the memory goes back to the
// system when the child exits, and the server's event loop never waits on it.
import { compilePart, mergeParts } from './compile.js';
import type { ChildAnswer, ChildTask } from './protocol.js';
import { scalePhoto } from './scale.js';

const send = (answer: ChildAnswer) => new Promise<void>((resolve) => process.send!(answer, () => resolve()));

process.on('message', (task: ChildTask) => {
  void (async () => {
    try {
      if (task.type === 'scale') await send({ type: 'scaled', photo: await scalePhoto(task), rssBytes: process.memoryUsage().rss });
      else await send(task.type === 'compile' ? await compilePart(task) : await mergeParts(task));
    } catch (error) {
      await send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  })();
});
// The server is gone (it ended, or killed the render): nothing will ask again.
process.on('disconnect', () => process.exit(0));
