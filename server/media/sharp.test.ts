// server/media/sharp.ts: the image modules' sharp keeps no libvips operation cache, which
// never hits for uploads (each a new image) and only held memory under load; and no more than
// IMAGE_DECODES_AT_ONCE turns are held at once, the rest waiting in order (issue 19).
import { describe, expect, it } from 'vitest';
import { IMAGE_DECODES_AT_ONCE } from '../../common/limits.js';
import sharp, { imageTurn, imageTurnsNow } from './sharp.js';

/** A promise to settle from outside. */
function held<T = void>() {
  let settle!: { resolve: (value: T) => void; reject: (error: Error) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

/** Lets every settled promise's callbacks run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('sharp as the server uses it', () => {
  it('keeps no operations, files or memory in libvips’ cache', () => {
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, files: { max: 0 }, items: { max: 0 } });
  });
});

describe('imageTurn', () => {
  it(`runs ${IMAGE_DECODES_AT_ONCE} jobs at once and starts the others in the order they came, as turns free`, async () => {
    expect(IMAGE_DECODES_AT_ONCE).toBe(2);
    const started: number[] = [];
    const jobs = Array.from({ length: IMAGE_DECODES_AT_ONCE + 3 }, () => held<number>());
    const running = jobs.map((each, index) =>
      imageTurn(() => {
        started.push(index);
        return each.promise;
      }),
    );
    await settled();
    expect(started).toEqual([0, 1]);
    expect(imageTurnsNow()).toMatchObject({ decoding: 2, turnsTaken: 2, waiting: 3 });

    jobs[1]!.resolve(1);
    await settled();
    expect(started).toEqual([0, 1, 2]);
    // A job that fails frees its turn as one that succeeds does, and its caller hears why.
    const firstOutcome = running[0]!.then(() => 'resolved', (error: Error) => error.message);
    jobs[0]!.reject(new Error('unreadable'));
    await settled();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(await firstOutcome).toBe('unreadable');
    await expect(running[1]).resolves.toBe(1);

    for (const [index, each] of jobs.entries()) each.resolve(index);
    expect(await Promise.all(running.slice(1))).toEqual([1, 2, 3, 4]);
    expect(imageTurnsNow()).toMatchObject({ decoding: 0, turnsTaken: 0, waiting: 0, mostTurnsTaken: IMAGE_DECODES_AT_ONCE });
  });

  it('gives a job that needs every turn all of them, and lets nothing overtake it while it waits', async () => {
    const started: string[] = [];
    const job = (name: string, gate: { promise: Promise<void> }, turns?: number) =>
      imageTurn(() => {
        started.push(name);
        return gate.promise;
      }, turns);
    const [small, large, later] = [held(), held(), held()];
    const running = [job('small', small), job('large', large, IMAGE_DECODES_AT_ONCE), job('later', later)];
    await settled();
    // One turn is free, but the large job needs both, and the later one waits behind it.
    expect(started).toEqual(['small']);
    expect(imageTurnsNow()).toMatchObject({ decoding: 1, turnsTaken: 1, waiting: 2 });

    small.resolve();
    await settled();
    expect(started).toEqual(['small', 'large']);
    expect(imageTurnsNow()).toMatchObject({ decoding: 1, turnsTaken: 2, waiting: 1 });

    large.resolve();
    await settled();
    expect(started).toEqual(['small', 'large', 'later']);
    later.resolve();
    await Promise.all(running);
    expect(imageTurnsNow()).toMatchObject({ decoding: 0, turnsTaken: 0, waiting: 0, mostTurnsTaken: IMAGE_DECODES_AT_ONCE });
  });

  it('takes a job at once when a turn is free', async () => {
    let ran = false;
    await imageTurn(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
    expect(imageTurnsNow()).toMatchObject({ decoding: 0, waiting: 0 });
  });
});
