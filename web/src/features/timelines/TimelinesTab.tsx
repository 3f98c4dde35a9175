import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '../../../../common/messages';
import type { User } from '../../../../common/users';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import type { Timeline } from '../../api/types';
import { useApiMutation } from '../../api/useApiMutation';
import { TimelineDot } from './TimelineDot';
import { TimelineForm } from './TimelineForm';
import { toastBlankTimelineName, useCreateTimeline } from './useCreateTimeline';
import { useTimelines } from './useTimelines';

/** accounts §2 Manage Timelines, tab "Timelines". */
export function TimelinesTab({ user }: { user: User }) {
  const { timelines, isLoading } = useTimelines();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Timeline | null>(null);
  const [formKey, setFormKey] = useState(0);
  const refresh = [queryKeys.timelines, queryKeys.currentUser];

  const create = useCreateTimeline({ onCreated: () => setFormKey((key) => key + 1) });
  const update = useApiMutation({
    mutationFn: ({ id, ...body }: { id: string; name: string; color: string }) => api.timelines.update(id, body),
    success: messages.timelineUpdated,
    error: messages.timelineUpdateFailed,
    invalidate: refresh,
    onSuccess: () => setEditing(null),
  });
  const remove = useApiMutation({
    mutationFn: (id: string) => api.timelines.remove(id),
    success: () => ({ title: messages.timelineDeleted, message: messages.timelineDeletedDetail }),
    error: messages.timelineDeleteFailed,
    invalidate: refresh,
    onSuccess: () => setDeleting(null),
  });
  const makeDefault = useApiMutation({
    mutationFn: (id: string) => api.users.update({ defaultTimelineId: id }),
    success: messages.defaultTimelineUpdated,
    error: messages.defaultTimelineUpdateFailed,
    invalidate: refresh,
  });

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Text fw={600} mb="xs">
          {messages.newTimeline}
        </Text>
        <TimelineForm key={formKey} submitLabel={messages.createTimeline} pending={create.isPending} onBlankName={toastBlankTimelineName} onSubmit={(values) => create.mutate(values)} />
      </Card>

      {!isLoading && timelines.length === 0 && <Text c="dimmed">{messages.noTimelinesAvailable}</Text>}
      <Stack gap="xs" role="list" aria-label={messages.timelines}>
        {timelines.map((timeline) => {
          // What the viewer may do comes with the timeline (server/access/abilities.ts).
          const { canEdit, canDelete } = timeline.abilities;
          const isDefault = timeline.id === user.defaultTimelineId;
          return (
            <Card key={timeline.id} withBorder radius="md" padding="sm" role="listitem">
              {editing === timeline.id ? (
                <TimelineForm
                  initial={{ name: timeline.name, color: timeline.color }}
                  submitLabel={messages.saveTimeline}
                  pending={update.isPending}
                  onBlankName={toastBlankTimelineName}
                  onSubmit={(values) => update.mutate({ id: timeline.id, ...values })}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                // The whole name at the device's text size, never cut off: the badge goes under a
                // name that fills its line, and the buttons under a name they leave no room for.
                <Group justify="space-between">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <TimelineDot color={timeline.color} />
                    <Group gap="xs" style={{ minWidth: 0 }}>
                      <Text fw={500} style={{ overflowWrap: 'break-word', minWidth: 0 }}>
                        {timeline.name}
                      </Text>
                      {isDefault && <Badge variant="light">{messages.timelineDefaultBadge}</Badge>}
                    </Group>
                  </Group>
                  <Group gap={4} wrap="nowrap" ml="auto">
                    {!isDefault && (
                      <Tooltip label={messages.setAsDefault}>
                        <ActionIcon variant="subtle" aria-label={messages.setTimelineAsDefault(timeline.name)} onClick={() => makeDefault.mutate(timeline.id)}>
                          <IconStar size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {canEdit && (
                      <ActionIcon variant="subtle" aria-label={messages.editTimelineOf(timeline.name)} onClick={() => setEditing(timeline.id)}>
                        <IconPencil size={18} />
                      </ActionIcon>
                    )}
                    {canDelete && (
                      <ActionIcon variant="subtle" color="red" aria-label={messages.deleteTimelineOf(timeline.name)} onClick={() => setDeleting(timeline)}>
                        <IconTrash size={18} />
                      </ActionIcon>
                    )}
                  </Group>
                </Group>
              )}
            </Card>
          );
        })}
      </Stack>

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={messages.deleteTimelineTitle} centered closeButtonProps={{ 'aria-label': messages.closeDialog }}>
        <Stack>
          <Text>{messages.deleteTimelineConfirm(deleting?.name ?? '')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {messages.cancel}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>
              {messages.confirmDeleteTimeline}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
