// "Listen": one button that plays and pauses a recording, since an old phone's built-in audio
// controls are small and differ from one browser to the next.
import { useMemo, useRef, useState } from 'react';
import { tellMessages } from '../../../common/tell-messages';
import { useObjectUrls } from '../lib/useObjectUrls';

export function Player({ audio, label = tellMessages.tellListen }: { audio: Blob; label?: string }) {
  const blobs = useMemo(() => [audio], [audio]);
  const [url] = useObjectUrls(blobs);
  const element = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const player = element.current;
    if (!player) return;
    if (player.paused) void player.play().catch(() => setPlaying(false));
    else player.pause();
  };
  return (
    <>
      <audio
        ref={element}
        src={url}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onEmptied={() => setPlaying(false)}
      />
      <button type="button" className="tell-button tell-secondary" onClick={toggle}>
        {playing ? tellMessages.tellPause : label}
      </button>
    </>
  );
}
