// A follow-up question about the story (memories §3), asked once it is recorded: answered by
// voice or in words, or left alone. Its answer goes out with the story, in the same send.
import { useId, useState } from 'react';
import { tellMessages } from '../../../common/tell-messages';
import type { TellFollowUp } from './tellDraftStore';
import { Player } from './Player';

interface FollowUpProps {
  followUp: TellFollowUp;
  onRecord: () => void;
  onType: (text: string) => void;
  onClear: () => void;
}

export function FollowUp({ followUp, onRecord, onType, onClear }: FollowUpProps) {
  const [writing, setWriting] = useState(followUp.text !== '');
  const questionId = useId();
  const answered = followUp.audio !== null || followUp.text.trim() !== '';
  return (
    <section className="tell-follow-up" aria-labelledby={questionId}>
      <p className="tell-lead">{tellMessages.tellFollowUpLead}</p>
      <h2 id={questionId} className="tell-follow-up-question">
        {followUp.question}
      </h2>
      {followUp.audio && (
        <>
          <p className="tell-done">{tellMessages.tellFollowUpRecorded}</p>
          <Player audio={followUp.audio} />
        </>
      )}
      {writing && (
        <label className="tell-field">
          {tellMessages.tellFollowUpAnswerLabel}
          <textarea rows={3} value={followUp.text} onChange={(event) => onType(event.currentTarget.value)} />
        </label>
      )}
      {!followUp.audio && (
        <button type="button" className="tell-button tell-secondary" onClick={onRecord}>
          {tellMessages.tellFollowUpVoice}
        </button>
      )}
      {!writing && (
        <button type="button" className="tell-button tell-secondary" onClick={() => setWriting(true)}>
          {tellMessages.tellFollowUpWrite}
        </button>
      )}
      {answered && (
        <button
          type="button"
          className="tell-button tell-quiet"
          onClick={() => {
            setWriting(false);
            onClear();
          }}
        >
          {tellMessages.tellFollowUpRemove}
        </button>
      )}
    </section>
  );
}
