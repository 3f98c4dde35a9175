// The story before it is sent: recorded (Listen, Record again) or written (with a way to record
// instead), with its photos and the follow-up question, and one big "Send to my family". Words
// typed before a recording go with it, so they stay in sight beside it. A failed send shows here
// again, kept; opened with no connection, it says first that Send will keep the story until one comes.
import { useEffect, useRef, useState } from 'react';
import { RECORDING_MAX_MS } from '../../../common/limits';
import { tellMessages } from '../../../common/tell-messages';
import { FollowUp } from './FollowUp';
import { Photos } from './Photos';
import { Player } from './Player';
import { Screen } from './Screen';
import type { TellDraft } from './tellDraftStore';
import type { useTellFlow } from './useTellFlow';

/** A recording this close to the limit was stopped by it (the timer fires at the limit; the last chunk comes just after). */
const LIMIT_SLACK_MS = 1_000;

interface StoryScreenProps {
  draft: TellDraft;
  flow: ReturnType<typeof useTellFlow>;
  restored: boolean;
  failure: string | null;
  offline: boolean;
}

export function StoryScreen({ draft, flow, restored, failure, offline }: StoryScreenProps) {
  const recorded = draft.audio !== null;
  // Decided as the screen opens, so clearing the words to write them again never takes the box away.
  const [wordsBeside] = useState(() => draft.typed.trim() !== '');
  const heading = restored
    ? recorded
      ? tellMessages.tellRestored
      : tellMessages.tellRestoredWritten
    : recorded
      ? tellMessages.tellReviewHeading
      : tellMessages.tellWriteHeading;
  return (
    <Screen heading={heading} lead={<p className="tell-lead">{draft.title}</p>}>
      {draft.audio && (
        <div className="tell-actions">
          {/* Stopped by its limit, not by her: said, so she knows nothing after it was heard. */}
          {draft.durationMs >= RECORDING_MAX_MS - LIMIT_SLACK_MS && <p className="tell-note">{tellMessages.tellRecordingLimitReached(RECORDING_MAX_MS / 60_000)}</p>}
          <Player audio={draft.audio} />
          <RecordAgain onRecord={flow.recordStory} />
        </div>
      )}
      {(!recorded || wordsBeside) && (
        <label className="tell-field">
          {tellMessages.tellWriteLabel}
          <textarea rows={8} value={draft.typed} onChange={(event) => flow.type(event.currentTarget.value)} />
        </label>
      )}
      {!recorded && (
        <button type="button" className="tell-button tell-quiet" onClick={flow.recordStory}>
          {tellMessages.tellRecordInstead}
        </button>
      )}
      <Photos photos={draft.photos} onAdd={flow.addPhotos} onRemove={flow.removePhoto} />
      {draft.followUp && <FollowUp followUp={draft.followUp} onRecord={flow.recordFollowUp} onType={flow.typeFollowUp} onClear={flow.clearFollowUp} />}
      {/* Kept in sight at the foot of a phone's screen, however long the story's page grows. */}
      <div className="tell-send-bar">
        {failure && (
          <p role="alert" className="tell-alert">
            {failure}
          </p>
        )}
        {offline && !failure && <p className="tell-note">{tellMessages.tellOfflineSend}</p>}
        <button type="button" className="tell-button tell-primary" disabled={!recorded && draft.typed.trim() === ''} onClick={() => void flow.send()}>
          {failure ? tellMessages.tellSendAgain : tellMessages.tellSend}
        </button>
        {/* The offline note says it already. */}
        {!(offline && !failure) && <p className="tell-hint">{tellMessages.tellKept}</p>}
      </div>
    </Screen>
  );
}

/**
 * "Record again" replaces what she recorded, which no tap brings back: it asks first, in words,
 * and the keyboard lands on keeping it, so a slip of the thumb loses nothing.
 */
function RecordAgain({ onRecord }: { onRecord: () => void }) {
  const [asking, setAsking] = useState(false);
  const keepIt = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) keepIt.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className="tell-button tell-secondary" onClick={() => setAsking(true)}>
        {tellMessages.tellRecordAgain}
      </button>
    );
  }
  return (
    <div className="tell-ask">
      <p role="alert">{tellMessages.tellRecordAgainAsk}</p>
      <button ref={keepIt} type="button" className="tell-button tell-primary" onClick={() => setAsking(false)}>
        {tellMessages.tellRecordAgainNo}
      </button>
      <button type="button" className="tell-button tell-secondary" onClick={onRecord}>
        {tellMessages.tellRecordAgainYes}
      </button>
    </div>
  );
}
