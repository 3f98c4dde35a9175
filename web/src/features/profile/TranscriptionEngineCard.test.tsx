// @vitest-environment jsdom
// Issue 22 "Words for every voice": the profile page says which engine writes the words of
// recordings, as GET /api/config tells it, and with none, one quiet line on how to get one.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../../../common/config';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { TranscriptionEngineCard } from './TranscriptionEngineCard';

function renderCard(transcription: PublicConfig['transcription']) {
  const config = vi.spyOn(api, 'config').mockResolvedValue({ feedbackUrl: '', transcriptionAvailable: transcription.engine !== 'none', transcription, mail: { enabled: false } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <TranscriptionEngineCard />
    </QueryClientProvider>,
  );
  return { config };
}

/** The card's one line, once the configuration has arrived. */
async function cardLine(): Promise<string> {
  const section = await screen.findByRole('region', { name: messages.transcriptionEngineTitle });
  return section.querySelector('p')?.textContent ?? '';
}

beforeEach(() => installBrowserStandIns());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the profile page’s "Words for recordings"', () => {
  it('names the model file when the words are written on this server', async () => {
    const { config } = renderCard({ engine: 'local', model: 'ggml-base.bin' });
    expect(await cardLine()).toBe('Words for recordings are written on this server (ggml-base.bin); no recording leaves it to be transcribed.');
    expect(config).toHaveBeenCalledTimes(1);
  });

  it('says a transcription service writes them, with its model', async () => {
    renderCard({ engine: 'service', model: 'whisper-1' });
    expect(await cardLine()).toBe('Words for recordings are written by the transcription service this server is set up with (whisper-1).');
  });

  it('says quietly how to get an engine when there is none, as a line and not an alert', async () => {
    renderCard({ engine: 'none', model: null });
    const line = await cardLine();
    expect(line).toBe(messages.transcriptionEngineNone);
    expect(line).toContain('npm run models:get -- base');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
