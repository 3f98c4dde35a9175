// accounts §2 "Dialogs opened from the shell": Extras, with the same nine tiles as the page.
// Loaded on first open (index.ts), so it costs nothing until then.
import { Modal, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { COMING_SOON_TOAST_MS, MOBILE_WIDTH } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { toast } from '../../lib/toast';
import classes from './Extras.module.css';
import { extrasFeatures } from './extrasFeatures';

export function ExtrasDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_WIDTH}px)`);
  return (
    <Modal opened={opened} onClose={onClose} title={messages.extrasTitle} size="lg" fullScreen={isPhone} closeButtonProps={{ 'aria-label': messages.closeDialog }}>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
        {extrasFeatures.map((feature) => (
          <UnstyledButton
            key={feature.name}
            className={classes.tile}
            onClick={() => toast.info(messages.comingSoon, messages.comingSoonDetail(feature.name), COMING_SOON_TOAST_MS)}
          >
            <ThemeIcon size={40} radius="md" variant="light" color={feature.color} renderRoot={(props) => <span {...props} />}>
              <feature.icon size={22} aria-hidden />
            </ThemeIcon>
            <Text component="span" size="sm" fw={600}>
              {feature.name}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
