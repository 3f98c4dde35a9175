// accounts §2 "Install screen (mobile only)": it is a website, not an app; how to put it on
// the home screen. Loaded only when it is due (Onboarding.tsx).
import { Button, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';
import { MOBILE_WIDTH } from '../../../../common/limits';
import { detectBrowser, detectPlatform } from './device';
import { installGuide } from './installGuide';
import { promptInstall, useCanPromptInstall } from './installPrompt';
import { titleStyles } from './screenStyles';
import { messages } from '../../../../common/messages';

/** `onDone` runs for install and for "later" alike: either way the screen has been offered. */
export function InstallDialog({ opened, onDone }: { opened: boolean; onDone: () => void }) {
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_WIDTH}px)`);
  const canPrompt = useCanPromptInstall();
  const [installing, setInstalling] = useState(false);
  const [guide] = useState(() => {
    const platform = detectPlatform();
    return installGuide(platform, detectBrowser(platform));
  });

  async function install() {
    setInstalling(true);
    try {
      await promptInstall();
    } finally {
      setInstalling(false);
      onDone();
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onDone}
      title={messages.installTitle}
      fullScreen={isPhone}
      centered
      styles={titleStyles}
      closeButtonProps={{ 'aria-label': messages.closeDialog }}
    >
      <Stack gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" mx="auto">
          <IconDeviceMobile size={30} aria-hidden />
        </ThemeIcon>
        <Text>{messages.installIntro}</Text>
        <div>
          <Text fw={700} mb="xs">
            {guide.heading}
          </Text>
          <List type="ordered" spacing="xs">
            {guide.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </div>
        {canPrompt ? (
          <Button onClick={() => void install()} loading={installing} fullWidth>
            {messages.installAdd}
          </Button>
        ) : (
          <Button onClick={onDone} fullWidth>
            {messages.installAdded}
          </Button>
        )}
        <Button variant="subtle" onClick={onDone} disabled={installing} fullWidth>
          {messages.installLater}
        </Button>
      </Stack>
    </Modal>
  );
}
