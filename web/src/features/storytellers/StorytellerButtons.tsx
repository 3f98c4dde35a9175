import { Button } from '@mantine/core';
import { IconMicrophone, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '../../../../common/messages';
import type { Storyteller } from '../../../../common/storytellers';
import { lazyDialog } from '../../components/lazyDialog';

// The dialogs' code (and the QR code's) loads on first open, off the page's first load.
const AddStorytellerDialog = lazyDialog(() => import('./AddStorytellerDialog').then((module) => module.AddStorytellerDialog));
const ManageStorytellerDialog = lazyDialog(() => import('./ManageStorytellerDialog').then((module) => module.ManageStorytellerDialog));

/** Issue 23: "Add a storyteller" to this timeline, for any of its members. */
export function AddStorytellerButton({ timeline, className }: { timeline: { id: string; name: string }; className?: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconMicrophone size={16} />} className={className} onClick={() => setOpened(true)}>
        {messages.addStoryteller}
      </Button>
      <AddStorytellerDialog timeline={timeline} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/** A storyteller's row among the members, for those who manage them: their link and details. */
export function ManageStorytellerButton({ timelineId, storyteller }: { timelineId: string; storyteller: Storyteller }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconSettings size={16} />} aria-label={messages.storytellerManageOf(storyteller.displayName)} onClick={() => setOpened(true)}>
        {messages.storytellerManage}
      </Button>
      <ManageStorytellerDialog timelineId={timelineId} storyteller={storyteller} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
