// Issue 9 "Voice": the follow-up questions a memory was told with, each with its answer and,
// when it was spoken, its recording played in place with its position and length (issue 20).
import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { FollowUpResponse } from '../../../../../common/memories';
import { messages } from '../../../../../common/messages';
import { VoiceClip } from '../../media-player';

export function FollowUpAnswers({ responses }: { responses: readonly FollowUpResponse[] }) {
  const id = useId();
  if (responses.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={`${id}-heading`}>
      <Title order={3} size="h5" id={`${id}-heading`}>
        {messages.followUpAnswersHeading}
      </Title>
      <Stack component="ol" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {responses.map((response, index) => (
          <Stack component="li" gap={6} key={index} data-testid="follow-up-answer">
            <Text fw={600} id={`${id}-q${index}`} style={{ overflowWrap: 'anywhere' }}>
              {response.question}
            </Text>
            {response.answer.trim() && <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{response.answer}</Text>}
            {response.audioUrl && (
              <div>
                <VoiceClip
                  audioUrl={response.audioUrl}
                  duration={response.audioDuration}
                  playLabel={messages.playSpokenAnswer}
                  pauseLabel={messages.pauseSpokenAnswer}
                  what={messages.voiceWhatSpokenAnswer}
                  describedBy={`${id}-q${index}`}
                  errorDetail={messages.spokenAnswerPlaybackErrorDetail}
                />
              </div>
            )}
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
