// Her stories waiting on this phone (issue 26), in the page's large type: each one's title and
// "Waiting to send", or how far it is while it goes. One the server refused shows why, with
// Remove, asked first since removing loses what she said; and Try again, unless its link was
// stopped, which no retry mends: then how it still goes (a new link opened here takes it).
import { useEffect, useRef, useState } from 'react';
import { tellMessages } from '../../../common/tell-messages';
import type { OutboxEntry, OutboxView } from '../lib/outbox';
import { refusedForItsLink } from './strandedStories';

interface WaitingProps {
  waiting: OutboxView;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}

export function WaitingStories({ waiting, onRetry, onRemove }: WaitingProps) {
  if (waiting.entries.length === 0) return null;
  return (
    <section className="tell-waiting" aria-labelledby="tell-waiting-heading">
      <h2 id="tell-waiting-heading">{tellMessages.tellWaitingHeading}</h2>
      <ul>
        {waiting.entries.map((entry) => (
          <WaitingStory key={entry.id} entry={entry} percent={waiting.progress[entry.id]} onRetry={onRetry} onRemove={onRemove} />
        ))}
      </ul>
    </section>
  );
}

function WaitingStory({ entry, percent, onRetry, onRemove }: { entry: OutboxEntry; percent: number | undefined; onRetry: (id: string) => void; onRemove: (id: string) => void }) {
  const [asking, setAsking] = useState(false);
  // The pressed Remove is gone from the page: the keyboard goes on from the safe answer.
  const keepIt = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) keepIt.current?.focus();
  }, [asking]);
  return (
    <li>
      <span className="tell-waiting-title">{entry.label}</span>
      {percent !== undefined ? (
        <span className="tell-waiting-state">
          {tellMessages.tellSendingProgress(percent)}
          <progress className="tell-progress" max={100} value={percent} aria-hidden="true" />
        </span>
      ) : entry.state === 'waiting' ? (
        <span className="tell-waiting-state">{tellMessages.tellWaitingToSend}</span>
      ) : (
        <>
          <span className="tell-waiting-state tell-waiting-refused">
            {tellMessages.tellWaitingNotSent}
            {entry.lastMessage && ` ${entry.lastMessage}`}
            {refusedForItsLink(entry) && ` ${tellMessages.tellWaitingNewLink}`}
          </span>
          {asking ? (
            <span className="tell-waiting-actions">
              <span role="alert">{tellMessages.tellWaitingRemoveAsk}</span>
              <button type="button" className="tell-button tell-secondary" onClick={() => onRemove(entry.id)}>
                {tellMessages.tellWaitingRemoveYes}
              </button>
              <button ref={keepIt} type="button" className="tell-button tell-primary" onClick={() => setAsking(false)}>
                {tellMessages.tellWaitingRemoveNo}
              </button>
            </span>
          ) : (
            <span className="tell-waiting-actions">
              {!refusedForItsLink(entry) && (
                <button type="button" className="tell-button tell-primary" onClick={() => onRetry(entry.id)}>
                  {tellMessages.tellTryAgain}
                </button>
              )}
              <button type="button" className="tell-button tell-quiet" onClick={() => setAsking(true)}>
                {tellMessages.tellWaitingRemove}
              </button>
            </span>
          )}
        </>
      )}
    </li>
  );
}
