// memories §4 "Onboarding tooltips": a card that floats over the bottom navigation and points at
// one of its entries, until Got it!. Got it! hands focus to that entry (issue 9): the card
// leaves with the button pressed, which would drop focus to the page's top, and the entry it
// spoke of is where the person goes next.
import { Button, Group, Paper, Text, Transition } from '@mantine/core';
import { messages } from '../../../../common/messages';
import { useToastShowing } from '../../lib/toast';
import { navEntry, type NavEntryName } from '../../components/navEntries';
import classes from './OnboardingTooltip.module.css';

interface OnboardingTooltipProps {
  shown: boolean;
  /** The bottom navigation's entry it points at. */
  pointsAt: NavEntryName;
  label: string;
  title: string;
  detail: string;
  onDismiss: () => void;
}

export function OnboardingTooltip({ shown, pointsAt, label, title, detail, onDismiss }: OnboardingTooltipProps) {
  const toastShowing = useToastShowing();
  const dismiss = () => {
    onDismiss();
    navEntry(pointsAt)?.focus();
  };
  return (
    <Transition mounted={shown && !toastShowing} transition="pop" duration={200}>
      {(styles) => (
        <Paper style={styles} withBorder shadow="lg" radius="lg" p="md" role="dialog" aria-label={label} className={`${classes.tooltip} ${classes[pointsAt]}`}>
          <Text fw={700}>{title}</Text>
          <Text c="dimmed" mt={4}>
            {detail}
          </Text>
          <Group justify={pointsAt === 'capture' ? 'flex-end' : 'flex-start'} mt="sm">
            <Button onClick={dismiss}>{messages.homeTooltipGotIt}</Button>
          </Group>
          <span className={classes.arrow} aria-hidden />
        </Paper>
      )}
    </Transition>
  );
}
