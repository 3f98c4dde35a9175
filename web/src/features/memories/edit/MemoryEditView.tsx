// memories §2 "Memory detail dialog", edit view, §4 (Save, Cancel, the second step), §5
// (validation rules of an existing memory).
import { Button, Group, Progress, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '../../../components/dates.css';
import { useState } from 'react';
import { MEMORY_EARLIEST_YEAR, MEMORY_TAGS_MAX, MEMORY_TEXT_MAX } from '../../../../../common/limits';
import type { Memory } from '../../../../../common/memories';
import { messages } from '../../../../../common/messages';
import { notesWithTitleRest } from '../../../../../common/title-rules';
import { toast } from '../../../lib/toast';
import { TitleField } from '../../capture';
import { EditMediaPanel } from './EditMediaPanel';
import { dateOnDay, dayOf, draftOf, normalizeTags, type MemoryDraft } from './editRules';
import { TimelineChecklist } from './TimelineChecklist';
import { useSaveMemoryEdit } from './useSaveMemoryEdit';

interface MemoryEditViewProps {
  memory: Memory;
  /** Back to the read view (after Save, or Cancel). */
  onDone: () => void;
}

export function MemoryEditView({ memory, onDone }: MemoryEditViewProps) {
  const [draft, setDraft] = useState<MemoryDraft>(() => draftOf(memory));
  const change = (part: Partial<MemoryDraft>) => setDraft((current) => ({ ...current, ...part }));
  const { save, progress, uploading } = useSaveMemoryEdit(memory, { onSaved: onDone });
  const busy = save.isPending || uploading;
  const titleBlank = draft.title.trim() === '';
  const today = dayOf(new Date().toISOString());

  const submit = () => {
    if (titleBlank) return;
    if (draft.timelineIds.length === 0) {
      toast.error(messages.memoryTimelineRequired);
      return;
    }
    save.mutate(draft);
  };

  // memories §4: Cancel resets every field and pending media change.
  const cancel = () => {
    setDraft(draftOf(memory));
    onDone();
  };

  return (
    <Stack gap="md">
      <TitleField
        value={draft.title}
        onChange={(title) => change({ title })}
        onRest={(titleRest) => change({ content: notesWithTitleRest(titleRest, draft.content) })}
        error={titleBlank ? messages.memoryTitleEmpty : undefined}
        disabled={busy}
        data-autofocus
      />
      <DateInput
        label={messages.editDateLabel}
        size="md"
        value={dayOf(draft.createdAt)}
        onChange={(day) => day && change({ createdAt: dateOnDay(day, draft.createdAt) })}
        // memories §5: nothing after today; the year stepper runs from 1900 to this year.
        minDate={`${MEMORY_EARLIEST_YEAR}-01-01`}
        maxDate={today}
        valueFormat="MMM D, YYYY"
        disabled={busy}
        popoverProps={{ withinPortal: true }}
        nextLabel={messages.datesNextMonth}
        previousLabel={messages.datesPreviousMonth}
      />
      <EditMediaPanel memory={memory} draft={draft} onChange={change} disabled={busy} />
      <Textarea
        label={messages.transcriptionLabel}
        size="md"
        autosize
        maxLength={MEMORY_TEXT_MAX}
        minRows={2}
        maxRows={8}
        value={draft.transcription}
        onChange={(event) => change({ transcription: event.currentTarget.value })}
        disabled={busy}
      />
      <Textarea
        label={messages.notesLabel}
        size="md"
        autosize
        maxLength={MEMORY_TEXT_MAX}
        minRows={3}
        maxRows={10}
        value={draft.content}
        onChange={(event) => change({ content: event.currentTarget.value })}
        disabled={busy}
      />
      <TagsInput
        label={messages.memoryTagsLabel}
        // Issue 9: how to add a tag is help text under the label, readable while tags fill the box.
        description={messages.editTagsHelp}
        size="md"
        value={draft.tags}
        onChange={(tags) => change({ tags: normalizeTags(tags) })}
        maxTags={MEMORY_TAGS_MAX}
        clearable
        disabled={busy}
      />
      <TimelineChecklist value={draft.timelineIds} onChange={(timelineIds) => change({ timelineIds })} disabled={busy} />
      {progress !== null && (
        <Stack gap={4}>
          <Text>{messages.editUploading(progress)}</Text>
          <Progress value={progress} aria-label={messages.editUploadProgress} size="lg" />
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" size="md" onClick={cancel} disabled={busy}>
          {messages.cancel}
        </Button>
        <Button size="md" onClick={submit} disabled={titleBlank || busy} loading={save.isPending}>
          {messages.editSave}
        </Button>
      </Group>
    </Stack>
  );
}
