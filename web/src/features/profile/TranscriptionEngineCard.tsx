// Issue 22 "Words for every voice": which engine writes the words of recordings, from GET
// /api/config. With none it is one quiet line on how to get one, not an error: recordings
// are kept either way, and their words come once an engine is there.
import { Card, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../../common/config';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';

function engineWords({ engine, model }: PublicConfig['transcription']): string {
  switch (engine) {
    case 'local':
      return messages.transcriptionEngineLocal(model);
    case 'service':
      return messages.transcriptionEngineService(model);
    case 'none':
      return messages.transcriptionEngineNone;
  }
}

export function TranscriptionEngineCard() {
  const config = useQuery({ queryKey: queryKeys.publicConfig, queryFn: api.config });
  const transcription = config.data?.transcription;
  if (!transcription) return null;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="transcription-engine">
      <Title order={2} size="h4" id="transcription-engine" mb="xs">
        {messages.transcriptionEngineTitle}
      </Title>
      <Text size="sm" c={transcription.engine === 'none' ? 'dimmed' : undefined}>
        {engineWords(transcription)}
      </Text>
    </Card>
  );
}
