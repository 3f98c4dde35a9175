// memories §2: the preview of the memories the archives will hold, under the months they
// will come in (§7), oldest month first, as they download.
import { Stack, Text, Title } from '@mantine/core';
import { relativeMemoryDate } from '../../../../common/memories-rules';
import { messages } from '../../../../common/messages';
import type { MonthOfMemories } from './bulkRange';
import classes from './BulkPreview.module.css';

export function BulkPreview({ months }: { months: MonthOfMemories[] }) {
  return (
    <Stack gap="sm" component="section" aria-label={messages.bulkPreviewLabel}>
      {months.map(({ month, label, memories }) => (
        <Stack key={month} gap={4}>
          <Title order={3} size="h5">
            {label} · {messages.bulkMemoryCount(memories.length)}
          </Title>
          <ul className={classes.list}>
            {memories.map((memory) => (
              <li key={memory.id} className={classes.item}>
                <Text className={classes.title}>{memory.title}</Text>
                <Text c="dimmed" component="time" dateTime={memory.createdAt}>
                  {relativeMemoryDate(memory.createdAt)}
                </Text>
              </li>
            ))}
          </ul>
        </Stack>
      ))}
    </Stack>
  );
}
