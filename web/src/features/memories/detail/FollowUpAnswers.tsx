// Issue 9 "Voice": the follow-up questions a memory was told with, each with its answer and,
// when it was spoken, its recording played in place with its position and length (issue 20).
// Issue 22: while a spoken answer's words are on their way, a line stands in for the wizard's
// placeholder, and the words replace it when they come.
import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { FollowUpResponse } from '../../../../../common/memories';
import { messages } from '../../../../../common/messages';
import { wordsStatusLine, WordsStatusNote } from '../../../components/WordsStatusNote';
import { VoiceClip } from '../../media-player';

/** The wizard's stand-ins for a spoken answer's words (memories §8), which the job's words replace. */
const PLACEHOLDERS = [messages.audioAnswerNoTranscription, messages.audioAnswerTranscriptionFailed];

/**
 * What to show of an answer whose words are on their way or could not be written (issue 22):
 * anything typed before the recording, without the stand-in that follows it; the line below
 * says where the words stand instead.
 */
export function typedPartOf(answer: string): string {
  const trimmed = answer.trim();
  const placeholder = PLACEHOLDERS.find((text) => trimmed.endsWith(text));
  return placeholder ? trimmed.slice(0, trimmed.length - placeholder.length).trim() : trimmed;
}

function AnswerWords({ response }: { response: FollowUpResponse }) {
  const line = response.audioUrl ? wordsStatusLine(response.transcriptionStatus) : null;
  const shown = line ? typedPartOf(response.answer) : response.answer;
  return (
    <>
      {shown.trim() && <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{shown}</Text>}
      {line && <WordsStatusNote status={response.transcriptionStatus} />}
    </>
  );
}

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
            <AnswerWords response={response} />
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
