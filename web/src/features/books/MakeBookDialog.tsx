// Issue 24 "Make a book": the timeline (the one in view, else the active one), the dates
// (the last twelve months by default, said in words), the title (the timeline's name),
// comments and listen codes (both on) and the cover. Loaded lazily by LazyMakeBookDialog; the
// form is mounted while the dialog is open, so each opening starts from the defaults, and a
// refusal keeps everything chosen and typed.
import '../../components/dates.css';
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState, type FormEvent } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { createBookBody, type CreateBookBody } from '../../../../common/books';
import { MEMORY_EARLIEST_YEAR } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { toUserText } from '../../api/errors';
import { queryKeys } from '../../api/keys';
import { useApiMutation } from '../../api/useApiMutation';
import { localDay } from '../../lib/dates';
import { useActiveTimeline } from '../timelines';
import { dayInWords, defaultBookDays } from './bookDays';
import { BookTitleField } from './BookTitleField';
import { CoverPhotoChooser } from './CoverPhotoChooser';
import classes from './Books.module.css';
import { BOOKS_PATH } from './paths';

export function MakeBookDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={messages.makeBookTitle}
      size="lg"
      closeButtonProps={{ 'aria-label': messages.closeDialog }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <MakeBookForm onClose={onClose} />
    </Modal>
  );
}

type Field = 'timelineId' | 'start' | 'end' | 'title';
type FieldErrors = Partial<Record<Field, string>>;
type BookRequest = Omit<CreateBookBody, 'tz'>;

/** Where a refusal of the server belongs: beside the field it is about, else above Make. */
export function fieldOfRefusal(message: string): Field | null {
  if (message === messages.bookTitleTooLong) return 'title';
  if (message === messages.bookRangeInvalid) return 'end';
  // Too long a span: the start is what a person moves to shorten it.
  if (message === messages.bookRangeTooLong) return 'start';
  if (message === messages.bookTimelineRequired) return 'timelineId';
  return null;
}

function MakeBookForm({ onClose }: { onClose: () => void }) {
  const { timelines, active } = useActiveTimeline();
  const inView = useMatch('/timeline/:id')?.params.id;
  const navigate = useNavigate();
  const [today] = useState(() => new Date());
  // Chosen by the person, else the one in view, else the active one (the timelines may still be on their way).
  const [chosenTimelineId, setTimelineId] = useState<string | null>(null);
  const timelineId = chosenTimelineId ?? timelines.find((timeline) => timeline.id === inView)?.id ?? active?.id ?? timelines[0]?.id ?? '';
  const [days, setDays] = useState(() => defaultBookDays(today));
  // The title follows the timeline chosen until the person writes their own.
  const [typedTitle, setTypedTitle] = useState<string | null>(null);
  const [includeComments, setIncludeComments] = useState(true);
  const [listenCodes, setListenCodes] = useState(true);
  const [coverMediaId, setCoverMediaId] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const timeline = timelines.find((candidate) => candidate.id === timelineId) ?? null;
  const title = typedTitle ?? timeline?.name ?? '';

  const make = useApiMutation({
    mutationFn: (body: BookRequest) => api.books.create(body),
    success: () => ({ title: messages.bookStarted, message: messages.bookStartedDetail }),
    error: false,
    invalidate: [queryKeys.books],
    onSuccess: (created) => {
      onClose();
      // My books shows it being made, and takes the focus to it.
      void navigate(BOOKS_PATH, { state: { madeBookId: created.id } });
    },
    onError: (error) => {
      const message = toUserText(error);
      const field = fieldOfRefusal(message);
      if (field) setFieldErrors({ [field]: message });
      else setRefusal(`${messages.bookMakeFailed} ${message}`);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const body: BookRequest = {
      timelineId,
      start: days.start,
      end: days.end,
      ...(title.trim() ? { title } : {}),
      includeComments,
      listenCodes,
      ...(coverMediaId ? { coverMediaId } : {}),
    };
    // The API's own shape refuses first, beside the field, with nothing sent.
    const parsed = createBookBody.safeParse(body);
    const errors: FieldErrors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0];
      if (field === 'timelineId' || field === 'start' || field === 'end' || field === 'title') errors[field] ??= issue.message;
    }
    if (!errors.start && !errors.end && days.start > days.end) errors.end = messages.bookRangeInvalid;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    make.mutate(body);
  }

  const chooseDay = (which: 'start' | 'end') => (day: string | null) => {
    if (!day) return;
    setDays((current) => ({ ...current, [which]: day }));
    setFieldErrors((current) => ({ ...current, start: undefined, end: undefined }));
  };
  const maxDay = localDay(today);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{messages.makeBookIntro}</Text>
        <NativeSelect
          size="md"
          label={messages.bookTimelineLabel}
          value={timelineId}
          onChange={(event) => {
            setTimelineId(event.currentTarget.value);
            setFieldErrors((current) => ({ ...current, timelineId: undefined }));
          }}
          data={timelines.map((each) => ({ value: each.id, label: each.name }))}
          error={fieldErrors.timelineId}
          errorProps={{ fz: 'md' }}
          data-autofocus
        />
        <Stack gap={4}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DayField label={messages.bookStartLabel} value={days.start} onChange={chooseDay('start')} error={fieldErrors.start} maxDay={maxDay} />
            <DayField label={messages.bookEndLabel} value={days.end} onChange={chooseDay('end')} error={fieldErrors.end} maxDay={maxDay} />
          </SimpleGrid>
          <Text c="dimmed" aria-live="polite">
            {messages.bookRangeInWords(dayInWords(days.start), dayInWords(days.end))}
          </Text>
        </Stack>
        <BookTitleField
          value={title}
          onChange={(typed) => {
            setTypedTitle(typed);
            setFieldErrors((current) => ({ ...current, title: undefined }));
          }}
          error={fieldErrors.title}
        />
        <Checkbox
          size="md"
          classNames={{ body: classes.choiceWithHint, inner: classes.choiceBoxWithHint }}
          label={messages.bookIncludeComments}
          description={messages.bookIncludeCommentsHint}
          checked={includeComments}
          onChange={(event) => setIncludeComments(event.currentTarget.checked)}
        />
        <Checkbox
          size="md"
          classNames={{ body: classes.choiceWithHint, inner: classes.choiceBoxWithHint }}
          label={messages.bookListenCodes}
          description={messages.bookListenCodesHint}
          checked={listenCodes}
          onChange={(event) => setListenCodes(event.currentTarget.checked)}
        />
        {timelineId && <CoverPhotoChooser timelineId={timelineId} start={days.start} end={days.end} value={coverMediaId} onChange={setCoverMediaId} />}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onClose}>
            {messages.cancel}
          </Button>
          <Button type="submit" size="md" loading={make.isPending}>
            {messages.bookMake}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DayField({ label, value, onChange, error, maxDay }: { label: string; value: string; onChange: (day: string | null) => void; error?: string; maxDay: string }) {
  return (
    <DatePickerInput
      label={label}
      size="md"
      value={value}
      onChange={onChange}
      error={error}
      errorProps={{ fz: 'md' }}
      minDate={`${MEMORY_EARLIEST_YEAR}-01-01`}
      maxDate={maxDay}
      valueFormat="MMM D, YYYY"
      nextLabel={messages.datesNextMonth}
      previousLabel={messages.datesPreviousMonth}
    />
  );
}
