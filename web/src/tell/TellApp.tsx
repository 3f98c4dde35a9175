// The storyteller's page, /tell/{token} (issue 23 "The storyteller's side"): one column, one
// big button at a time. Open the link, Record, Stop, Send: three taps to a sent story. With no
// connection the same Send keeps it on the phone, and it goes by itself (issue 26).
import { formatElapsed, recordingWarningSeconds } from '../../../common/memories-rules';
import { tellMessages } from '../../../common/tell-messages';
import { Screen } from './Screen';
import { StoryScreen } from './StoryScreen';
import { recordingLimitMs, type TellState } from './tellFlow';
import { useTellFlow } from './useTellFlow';
import { WaitingStories } from './Waiting';

/** Black or white words on the timeline's colour, whichever reads better (WCAG relative luminance). */
function inkOn(color: string): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(color);
  if (!match) return '#000000';
  const channel = (offset: number) => {
    const value = parseInt(match[1]!.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

function Welcome({ page }: { page: NonNullable<TellState['page']> }) {
  const { color, name } = page.timeline;
  return (
    <div className="tell-welcome">
      <p className="tell-greeting">{tellMessages.tellGreeting(page.storyteller.displayName)}</p>
      <p>
        {tellMessages.tellGoesTo}{' '}
        <span className="tell-timeline" style={{ background: color, color: inkOn(color) }}>
          {name}
        </span>
      </p>
      <p className="tell-lead">{page.question ? tellMessages.tellAskedBy(page.question.askedBy) : tellMessages.tellPromptLead}</p>
    </div>
  );
}

/** The titles and days of the stories she has sent (DESIGN: all the link reads of hers), newest first. */
function SentStories({ stories }: { stories: NonNullable<TellState['page']>['stories'] }) {
  if (stories.length === 0) return null;
  return (
    <section className="tell-stories" aria-labelledby="tell-stories-heading">
      <h2 id="tell-stories-heading">{tellMessages.tellYourStories}</h2>
      <ul>
        {stories.map((story) => (
          <li key={story.id}>
            {story.title}
            <span className="tell-hint">
              {' — '}
              {new Date(story.createdAt).toLocaleDateString(undefined, { dateStyle: 'long' })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What the polite live region says while the heading stays put: the recording's start, each
 * whole minute of it, and a story's last 30 s once as they begin (a follow-up answer, 30 s in
 * all, shows its countdown from the start).
 */
function announcement(state: TellState, elapsedMs: number): string {
  const screen = state.screen;
  if (screen.name === 'recording') {
    if (screen.target === 'story' && recordingWarningSeconds(elapsedMs, recordingLimitMs('story')) !== null) return tellMessages.tellRecordingEndsSoon;
    const minutes = Math.floor(elapsedMs / 60_000);
    return minutes > 0 ? tellMessages.tellRecordingMinutes(minutes) : tellMessages.tellRecordingStarted;
  }
  // Every other screen says itself: its heading takes focus.
  return '';
}

export function TellApp({ token }: { token: string }) {
  const flow = useTellFlow(token);
  return (
    <>
      {/* One polite region: the recording's start and minutes, heard only; a waiting story that went, also shown. */}
      <p role="status" className={flow.state.screen.name === 'recording' ? 'tell-visually-hidden' : 'tell-sent-note'}>
        {announcement(flow.state, flow.elapsedMs) || flow.sentNote}
      </p>
      {/* Keyed by screen: each new screen mounts, and its heading takes focus. */}
      <TellScreen key={flow.state.screen.name} flow={flow} />
    </>
  );
}

function TellScreen({ flow }: { flow: ReturnType<typeof useTellFlow> }) {
  const { screen, page, draft } = flow.state;
  const waiting = <WaitingStories waiting={flow.waiting} onRetry={flow.retryWaiting} onRemove={flow.removeWaiting} />;
  const tryAgain = (
    <button type="button" className="tell-button tell-primary" onClick={() => void flow.reopen()}>
      {tellMessages.tellTryAgain}
    </button>
  );
  switch (screen.name) {
    case 'opening':
      return <Screen heading={tellMessages.tellOpening} />;
    case 'gone':
      return (
        <Screen heading={tellMessages.tellGoneHeading}>
          <p>{tellMessages.tellGoneBody}</p>
          {draft && <p>{tellMessages.tellGoneKept}</p>}
          {waiting}
        </Screen>
      );
    case 'tooMany':
    case 'unreachable':
      return (
        <Screen heading={screen.name === 'tooMany' ? tellMessages.tellTooMany : tellMessages.tellLoadFailed}>
          {draft && <p>{tellMessages.tellKept}</p>}
          {tryAgain}
          {waiting}
        </Screen>
      );
    case 'offline':
      return (
        <Screen heading={tellMessages.tellOfflineHeading}>
          <p>{tellMessages.tellOfflineBody}</p>
          {tryAgain}
          {waiting}
        </Screen>
      );
    case 'ask':
      return (
        <Screen heading={page!.question?.text ?? page!.prompt} headingClass="tell-question" lead={<Welcome page={page!} />}>
          <button type="button" className="tell-button tell-primary tell-record" onClick={flow.recordStory}>
            {tellMessages.tellRecord}
          </button>
          <button type="button" className="tell-button tell-quiet" onClick={flow.write}>
            {tellMessages.tellWriteInstead}
          </button>
          {waiting}
          <SentStories stories={page!.stories} />
        </Screen>
      );
    case 'recording': {
      const secondsLeft = recordingWarningSeconds(flow.elapsedMs, recordingLimitMs(screen.target));
      return (
        <Screen heading={tellMessages.tellRecordingHeading} lead={<p className="tell-lead">{screen.target === 'story' ? draft?.title : draft?.followUp?.question}</p>}>
          <p role="timer" className="tell-timer">
            {formatElapsed(flow.elapsedMs)}
          </p>
          {/* Counted in sight; the live region above says it once. */}
          {secondsLeft !== null && <p className="tell-note">{tellMessages.tellRecordingEndsIn(secondsLeft)}</p>}
          <button type="button" className="tell-button tell-stop" onClick={flow.stop}>
            {tellMessages.tellStop}
          </button>
        </Screen>
      );
    }
    case 'noMicrophone':
      return (
        <Screen heading={tellMessages.tellNoMicrophoneHeading}>
          <p>{tellMessages.tellNoMicrophoneBody}</p>
          <ul className="tell-help">
            <li>{tellMessages.tellMicrophoneHelpPhone}</li>
            <li>{tellMessages.tellMicrophoneHelpComputer}</li>
          </ul>
          <button type="button" className="tell-button tell-primary" onClick={screen.target === 'story' ? flow.recordStory : flow.recordFollowUp}>
            {tellMessages.tellTryAgain}
          </button>
          <button type="button" className="tell-button tell-secondary" onClick={flow.write}>
            {tellMessages.tellWriteInstead}
          </button>
        </Screen>
      );
    case 'review':
    case 'writing':
    case 'failed':
      if (!draft) return null;
      return (
        <StoryScreen
          draft={draft}
          flow={flow}
          restored={screen.name !== 'failed' && screen.restored}
          failure={screen.name === 'failed' ? screen.message : null}
          offline={flow.state.offline}
        />
      );
    case 'sending':
      return (
        <Screen heading={tellMessages.tellSending}>
          <progress className="tell-progress" max={100} value={screen.percent} aria-label={tellMessages.tellSendingProgress(screen.percent)} />
        </Screen>
      );
    case 'sent':
      return (
        <Screen heading={tellMessages.tellThanksHeading}>
          <p className="tell-thanks">{tellMessages.tellThanksBody}</p>
          <button type="button" className="tell-button tell-primary" onClick={() => void flow.reopen()}>
            {flow.state.page?.question ? tellMessages.tellNextQuestion : tellMessages.tellAnotherStory}
          </button>
          {waiting}
        </Screen>
      );
    case 'kept':
      return (
        <Screen heading={tellMessages.tellKeptHeading}>
          <p className="tell-thanks">{tellMessages.tellKeptBody}</p>
          <button type="button" className="tell-button tell-primary" onClick={() => void flow.reopen()}>
            {tellMessages.tellAnotherStory}
          </button>
          {waiting}
        </Screen>
      );
  }
}
