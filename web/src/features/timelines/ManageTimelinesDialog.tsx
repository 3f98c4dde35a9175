import { Modal, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { User } from '../../../../common/users';
import { MOBILE_WIDTH } from '../../../../common/limits';
import { AddPeopleTab } from './AddPeopleTab';
import { TimelinesTab } from './TimelinesTab';
import { messages } from '../../../../common/messages';

/** accounts §2 "Manage Timelines dialog", with tabs "Timelines" and "Add People". */
export default function ManageTimelinesDialog({ user, opened, onClose }: { user: User; opened: boolean; onClose: () => void }) {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_WIDTH}px)`);
  return (
    <Modal opened={opened} onClose={onClose} title={messages.manageTimelinesTitle} size="lg" fullScreen={mobile} closeButtonProps={{ 'aria-label': messages.closeDialog }}>
      <Tabs defaultValue="timelines">
        <Tabs.List grow mb="md">
          <Tabs.Tab value="timelines">{messages.timelines}</Tabs.Tab>
          <Tabs.Tab value="people">{messages.addPeople}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="timelines">
          <TimelinesTab user={user} />
        </Tabs.Panel>
        <Tabs.Panel value="people">
          <AddPeopleTab user={user} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
