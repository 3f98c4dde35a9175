import { Box, Center, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { User } from '../../../../common/users';
import { useOpenMemory } from '../memories';
import { QuestionsCard } from '../storytellers';
import { TimelineDot, useActiveTimeline } from '../timelines';
import { FamilyCard } from './FamilyCard';
import { InviteLinkCard } from './InviteLinkCard';
import { MembersCard } from './MembersCard';
import classes from './Communities.module.css';
import { messages } from '../../../../common/messages';

/** accounts §2 "Communities page" (/family). */
export function CommunitiesPage({ user }: { user: User }) {
  const { timelines, isLoading } = useActiveTimeline();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const openMemory = useOpenMemory();
  const selected = timelines.find((timeline) => timeline.id === selectedId) ?? timelines[0];

  return (
    <Stack gap="lg" maw={760} mx="auto">
      <div>
        <Title order={1} size="h2">
          {messages.communitiesTitle}
        </Title>
        <Text c="dimmed">{messages.communitiesIntro}</Text>
      </div>

      {isLoading ? (
        <Skeleton h={200} radius="lg" />
      ) : !selected ? (
        <Center mih={200}>
          <Stack align="center" gap={4} ta="center">
            <Text fw={700}>{messages.communitiesNoTimelines}</Text>
            <Text c="dimmed">{messages.communitiesNoTimelinesDetail}</Text>
          </Stack>
        </Center>
      ) : (
        <>
          {/* As many to a row as fit whole: a long name, or a large text size, takes a row of its own. */}
          <Group gap="xs" role="tablist" aria-label={messages.timelines}>
            {timelines.map((timeline) => (
              <UnstyledButton
                key={timeline.id}
                role="tab"
                aria-selected={timeline.id === selected.id}
                className={classes.tab}
                onClick={() => setSelectedId(timeline.id)}
              >
                <Group gap={6} wrap="nowrap" align="flex-start">
                  {/* Centred on the first line of the name. */}
                  <Box component="span" mt="0.4em" display="inline-flex">
                    <TimelineDot color={timeline.color} />
                  </Box>
                  <Text size="sm" fw={600} className={classes.tabName}>
                    {timeline.name}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </Group>
          <Stack gap="md" role="tabpanel" aria-label={selected.name}>
            <MembersCard timeline={selected} user={user} />
            <QuestionsCard timeline={selected} onOpenStory={openMemory} />
            <InviteLinkCard timeline={selected} />
          </Stack>
        </>
      )}
      <FamilyCard user={user} />
    </Stack>
  );
}
