import { describe, expect, it, vi } from 'vitest';
import { withRetries } from './withRetries';

const noDelay = { delayMs: () => 0 };

describe('accounts §9 "Family invite accept retries": up to 3, a refusal is final', () => {
  it('answers with the first success', async () => {
    const call = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValueOnce('joined');
    await expect(withRetries(call, { retries: 3, isFinal: () => false, ...noDelay })).resolves.toBe('joined');
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('gives up after the first try and 3 retries, with the last error', async () => {
    const call = vi.fn().mockRejectedValue(new Error('503'));
    await expect(withRetries(call, { retries: 3, isFinal: () => false, ...noDelay })).rejects.toThrow('503');
    expect(call).toHaveBeenCalledTimes(4);
  });

  it('does not ask again after a final refusal', async () => {
    const call = vi.fn().mockRejectedValue(new Error('409'));
    await expect(withRetries(call, { retries: 3, isFinal: () => true, ...noDelay })).rejects.toThrow('409');
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('waits 1 s, then 2 s, then 4 s between tries', async () => {
    vi.useFakeTimers();
    const waits: number[] = [];
    const call = vi.fn().mockRejectedValue(new Error('503'));
    const done = withRetries(call, { retries: 3, isFinal: () => false, delayMs: (attempt) => (waits.push(1000 * 2 ** attempt), 1000 * 2 ** attempt) });
    const settled = expect(done).rejects.toThrow('503');
    await vi.runAllTimersAsync();
    await settled;
    expect(waits).toEqual([1000, 2000, 4000]);
    vi.useRealTimers();
  });
});
