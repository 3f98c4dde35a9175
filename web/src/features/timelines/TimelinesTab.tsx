import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
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
    success: 'Timeline updated',
    error: 'Failed to update timeline',
    invalidate: refresh,
    onSuccess: () => setEditing(null),
  });
  const remove = useApiMutation({
    mutationFn: (id: string) => api.timelines.remove(id),
    success: () => ({ title: 'Timeline deleted', message: 'The timeline and all its memories were permanently deleted.' }),
    error: 'Failed to delete timeline',
    invalidate: refresh,
    onSuccess: () => setDeleting(null),
  });
  const makeDefault = useApiMutation({
    mutationFn: (id: string) => api.users.update({ defaultTimelineId: id }),
    success: 'Default timeline updated',
    error: 'Failed to set default timeline.',
    invalidate: refresh,
  });

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Text fw={600} mb="xs">
          New timeline
        </Text>
        <TimelineForm key={formKey} submitLabel="Create Timeline" pending={create.isPending} onBlankName={toastBlankTimelineName} onSubmit={(values) => create.mutate(values)} />
      </Card>

      {!isLoading && timelines.length === 0 && <Text c="dimmed">No timelines available</Text>}
      <Stack gap="xs" role="list" aria-label="Timelines">
        {timelines.map((timeline) => {
          const isOwner = timeline.userId === user.id;
          const isDefault = timeline.id === user.defaultTimelineId;
          return (
            <Card key={timeline.id} withBorder radius="md" padding="sm" role="listitem">
              {editing === timeline.id ? (
                <TimelineForm
                  initial={{ name: timeline.name, color: timeline.color }}
                  submitLabel="Save"
                  pending={update.isPending}
                  onBlankName={toastBlankTimelineName}
                  onSubmit={(values) => update.mutate({ id: timeline.id, ...values })}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <TimelineDot color={timeline.color} />
                    <Text fw={500} truncate>
                      {timeline.name}
                    </Text>
                    {isDefault && <Badge variant="light">Default</Badge>}
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    {!isDefault && (
                      <Tooltip label="Set as default">
                        <ActionIcon variant="subtle" aria-label={`Set ${timeline.name} as default`} onClick={() => makeDefault.mutate(timeline.id)}>
                          <IconStar size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {isOwner && (
                      <ActionIcon variant="subtle" aria-label={`Edit ${timeline.name}`} onClick={() => setEditing(timeline.id)}>
                        <IconPencil size={18} />
                      </ActionIcon>
                    )}
                    {isOwner && !isDefault && (
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${timeline.name}`} onClick={() => setDeleting(timeline)}>
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

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete Timeline" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
        <Stack>
          <Text>
            Delete {deleting?.name}? All of its memories will be permanently deleted. This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
