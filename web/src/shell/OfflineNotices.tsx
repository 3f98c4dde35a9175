import { Button } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { messages } from '../../../common/messages';
import { useIsRecording } from '../lib/offline/recording';
import { takeNewVersion, useNewVersionReady } from '../lib/offline/updates';
import { useOnline } from '../lib/offline/useOnline';
import classes from './OfflineNotices.module.css';

/** Issue 26 "Offline said plainly": while offline, one calm line says what the screen shows. */
export function OfflineLine() {
  const online = useOnline();
  return (
    // Always in the page, so a screen reader hears the line when it appears (a live region added with its text is often not read).
    <div role="status" aria-live="polite">
      {!online && (
        <div className={`${classes.notice} ${classes.offline}`}>
          <IconCloudOff size={24} aria-hidden />
          <span className={classes.text}>{messages.offlineLine}</span>
        </div>
      )}
    </div>
  );
}

/**
 * Issue 26 "Update": a new version waits (lib/offline/register.ts). Never offered while a
 * recording is being made: the reload would end it.
 */
export function UpdateNotice() {
  const ready = useNewVersionReady();
  const recording = useIsRecording();
  return (
    <div role="status" aria-live="polite">
      {ready && !recording && (
        <div className={classes.notice}>
          <IconRefresh size={24} aria-hidden />
          <span className={classes.text}>{messages.updateReady}</span>
          <Button variant="light" onClick={takeNewVersion}>
            {messages.updateUseNow}
          </Button>
        </div>
      )}
    </div>
  );
}
