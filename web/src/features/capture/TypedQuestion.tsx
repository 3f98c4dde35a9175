// memories §4: the follow-up question appears after 300 ms, typed at 25 ms per character.
// Keyed by the question, so each new question types from the start.
import { Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FOLLOW_UP_TYPING_MS_PER_CHAR } from '../../../../common/limits';
import { typedQuestionLength } from './recordingRules';

export function TypedQuestion({ question }: { question: string }) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    // Counted from the clock, not from ticks: a throttled background tab catches up.
    const startedAt = Date.now();
    const ticker = window.setInterval(() => {
      const length = typedQuestionLength(Date.now() - startedAt, question.length);
      setShown(length);
      if (length >= question.length) window.clearInterval(ticker);
    }, FOLLOW_UP_TYPING_MS_PER_CHAR);
    return () => window.clearInterval(ticker);
  }, [question]);

  const done = shown >= question.length;
  return (
    // Screen readers hear the whole question once, not every letter.
    <Text fw={600} size="lg" data-typing={done ? 'done' : 'typing'} data-testid="follow-up-question" mih={28}>
      <VisuallyHidden>{question}</VisuallyHidden>
      <span aria-hidden>{question.slice(0, shown)}</span>
    </Text>
  );
}
