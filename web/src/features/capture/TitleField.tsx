// The memory's title, in the wizard and in the edit view (issue 20 "Caught where it happens"):
// it says how long a title may be, counts down near the end (common/title-rules.ts), and a
// longer one (a paste) is cut at the ceiling with the reason in the field, announced; what a
// paste brought past the ceiling is handed to `onRest` (the notes), so no word is lost.
import { Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef, useId, useState } from 'react';
import { MEMORY_TITLE_MAX } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { enterPastedTitle, enterTitle, titleHint } from '../../../../common/title-rules';

interface TitleFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'error' | 'description' | 'maxLength'> {
  value: string;
  onChange: (title: string) => void;
  /** Said before the length, e.g. that the title was suggested from a prompt. */
  note?: string;
  /** What is wrong with it now (a blank title), from the form. */
  error?: string;
  /**
   * Whether `error` is an alert (default: the edit view's, shown while typing, has nothing else
   * to say it). The wizard's Next has its spec toast say it and moves focus here, so there it is
   * the field's description only: a second alert with the same words would be heard twice.
   */
  announceError?: boolean;
  /**
   * Takes what a paste (several characters at once) brought past the ceiling; a single key
   * past it is refused as a full field refuses it.
   */
  onRest?: (rest: string) => void;
}

export const TitleField = forwardRef<HTMLInputElement, TitleFieldProps>(function TitleField({ value, onChange, note, error, announceError = true, onRest, ...rest }, ref) {
  const [cut, setCut] = useState<'kept' | 'moved' | null>(null);
  const hintId = useId();
  const cutMessage = cut === 'moved' ? messages.titleRestMovedToNotes(MEMORY_TITLE_MAX) : messages.titleTooLongInField(MEMORY_TITLE_MAX);
  const shownError = error ?? (cut ? cutMessage : undefined);
  // The cut happens while typing, with nothing else to say it: always an alert.
  const asAlert = error === undefined || announceError;
  return (
    <TextInput
      ref={ref}
      size="md"
      label={messages.captureTitleLabel}
      {...rest}
      value={value}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        const pasted = typed.length - value.length > 1;
        const entry = pasted && onRest ? enterPastedTitle(typed) : enterTitle(typed);
        const moved = entry.cut && pasted && onRest !== undefined && entry.rest.trim() !== '';
        setCut(entry.cut ? (moved ? 'moved' : 'kept') : null);
        onChange(entry.title);
        if (moved) onRest(entry.rest);
      }}
      description={
        <Stack gap={0} component="span">
          {note && (
            <Text component="span" fz="md" inherit>
              {note}
            </Text>
          )}
          {/* Polite: the countdown is read out as it changes, without interrupting typing. */}
          <Text component="span" fz="md" id={hintId} aria-live="polite" inherit>
            {titleHint(value)}
          </Text>
        </Stack>
      }
      descriptionProps={{ fz: 'md' }}
      error={shownError && (asAlert ? <span role="alert">{shownError}</span> : shownError)}
      errorProps={{ fz: 'md' }}
    />
  );
});
