// @vitest-environment jsdom
// Issue 21 "First load": a signed-in page's calls wait until its first render is on screen,
// then go out once each.
import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdCallsUntilPainted } from './holdCallsUntilPainted';

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

function Asks({ ask }: { ask: () => Promise<string> }) {
  const answer = useQuery({ queryKey: ['prompts'], queryFn: ask });
  return <p>{answer.data ?? answer.fetchStatus}</p>;
}

describe('holdCallsUntilPainted', () => {
  it('holds a call made by the first render until after its commit is painted, then sends it once', async () => {
    const AfterFirstPaint = holdCallsUntilPainted();
    const ask = vi.fn(async () => 'Looking Back...');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Asks ask={ask} />
        <AfterFirstPaint />
      </QueryClientProvider>,
    );
    // Committed, effects run: the call is held, not sent.
    expect(screen.getByText('paused')).toBeTruthy();
    expect(ask).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText('Looking Back...')).toBeTruthy());
    expect(ask).toHaveBeenCalledTimes(1);
    expect(onlineManager.isOnline()).toBe(true);
  });
});
