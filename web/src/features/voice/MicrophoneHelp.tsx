// Issue 9 "Refused microphone": the spec's words (memories §8 'Recording Error' / 'Could not
// start recording. Please check microphone permissions.') as a panel that stays, with how to
// allow the microphone on each kind of device and a way to try again, rather than a toast
// that is gone before it can be followed.
import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconMicrophoneOff } from '@tabler/icons-react';
import { messages } from '../../../../common/messages';

interface MicrophoneHelpProps {
  onRetry: () => void;
  /** A second way out (the recorder dialog's Close); the panel alone has only Try again. */
  onClose?: () => void;
  closeLabel?: string;
}

export function MicrophoneHelp({ onRetry, onClose, closeLabel = messages.microphoneHelpClose }: MicrophoneHelpProps) {
  return (
    <Alert color="red" variant="light" icon={<IconMicrophoneOff size={22} />} title={messages.recordingError} w="100%" data-testid="microphone-help">
      <Text fz="md" mb="xs">
        {messages.recordingErrorDetail}
      </Text>
      <Text fz="md" mb={4}>
        {messages.microphoneHelpIntro}
      </Text>
      <List fz="md" spacing={4} mb="sm">
        <List.Item>{messages.microphoneHelpIphone}</List.Item>
        <List.Item>{messages.microphoneHelpAndroid}</List.Item>
        <List.Item>{messages.microphoneHelpDesktop}</List.Item>
      </List>
      <Group gap="sm">
        <Button size="md" onClick={onRetry} data-autofocus>
          {messages.microphoneTryAgain}
        </Button>
        {onClose && (
          <Button size="md" variant="default" onClick={onClose}>
            {closeLabel}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
