import { Button, Group, Paper, Text, Transition } from '@mantine/core';
import { useEffect, useState } from 'react';
import { messages } from '../../../../common/messages';
import { useToastShowing } from '../../lib/toast';
import classes from './OnboardingTooltip.module.css';

/** Where the "seen" flag of the welcome tooltip is kept (accounts §2: stored locally). */
export const WELCOME_TOOLTIP_KEY = 'welcome-tooltip-seen';
const DELAY_MS = 1000; // accounts §9: 1 s

/** accounts §2 Home: a welcome tooltip 1 s after arriving, if never seen; "Got it!". */
export function WelcomeTooltip() {
  const [shown, setShown] = useState(false);
  const toastShowing = useToastShowing();

  useEffect(() => {
    if (localStorage.getItem(WELCOME_TOOLTIP_KEY)) return;
    const timer = window.setTimeout(() => setShown(true), DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const dismiss = () => {
    localStorage.setItem(WELCOME_TOOLTIP_KEY, 'true');
    setShown(false);
  };

  return (
    <Transition mounted={shown && !toastShowing} transition="pop" duration={200}>
      {(styles) => (
        <Paper style={styles} withBorder shadow="lg" radius="lg" p="md" role="dialog" aria-label={messages.homeWelcomeTooltipLabel} className={`${classes.tooltip} ${classes.capture}`}>
          <Text fw={700}>{messages.homeWelcomeTooltipTitle}</Text>
          <Text c="dimmed" mt={4}>
            {messages.homeWelcomeTooltipDetail}
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button onClick={dismiss}>{messages.homeTooltipGotIt}</Button>
          </Group>
          <span className={classes.arrow} aria-hidden />
        </Paper>
      )}
    </Transition>
  );
}
