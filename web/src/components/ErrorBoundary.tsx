// A screen whose code throws while it renders unmounts the whole app, which leaves a blank
// page and no way on. This boundary, at the root (main.tsx), puts a page in its place that
// says so and offers a reload. A chunk that failed to download is not such an error: every
// lazily loaded part asks for it again (lib/lazyLoaded.ts). What waits to be sent is kept on
// the device and survives the reload (features/outbox).
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { messages } from '../../../common/messages';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** How the page is loaded again; a test hands its own. */
  reload?: () => void;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const reload = this.props.reload ?? (() => window.location.reload());
    return (
      <Center mih="60dvh" p="md">
        <Stack align="center" gap="sm" maw={420} ta="center" role="alert">
          <Title order={1} size="h2">
            {messages.brokenPageTitle}
          </Title>
          <Text>{messages.brokenPageDetail}</Text>
          <Button size="md" onClick={reload}>
            {messages.brokenPageReload}
          </Button>
        </Stack>
      </Center>
    );
  }
}
