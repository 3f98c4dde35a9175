/**
 * Runs `call`, trying again after `delayMs(attempt)` up to `retries` times, unless the error is
 * final (a refusal will not change by asking again). accounts §7: family accept retries.
 */
export async function withRetries<T>(
  call: () => Promise<T>,
  { retries, delayMs, isFinal }: { retries: number; delayMs: (attempt: number) => number; isFinal: (error: unknown) => boolean },
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= retries || isFinal(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delayMs(attempt)));
    }
  }
}
