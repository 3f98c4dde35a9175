// Today's Prompts on Home (accounts §2 Home, §3 "Daily prompts", §7 prompts calls).
import { z } from 'zod';
import { FOLLOW_UP_CONTENT_MAX, FOLLOW_UP_PREVIOUS_MAX, FOLLOW_UP_QUESTION_MAX } from './limits.js';
import { messages } from './messages.js';

/** True when `zone` is an IANA time zone this runtime knows (Intl throws RangeError otherwise). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** DESIGN "Edge decisions": calls that take days also take `tz` (IANA, default UTC). */
export const timeZoneField = z
  .string({ error: messages.timeZoneInvalid })
  .max(64, { error: messages.timeZoneInvalid })
  .refine(isTimeZone, { error: messages.timeZoneInvalid });

const timelineIdField = z
  .string({ error: messages.promptTimelineIdInvalid })
  .min(1, { error: messages.promptTimelineIdInvalid })
  .max(100, { error: messages.promptTimelineIdInvalid });

/** GET /api/prompts/daily?timelineId=&tz= : both optional; without a timeline the prompts are the user's own. */
export const dailyPromptsQuery = z.object({ timelineId: timelineIdField.optional(), tz: timeZoneField.optional() }).strict();
export type DailyPromptsQuery = z.infer<typeof dailyPromptsQuery>;

/** POST /api/prompts/refresh: accounts §7 sends `{timelineId}`; null or absent means no timeline. */
export const refreshPromptsBody = z.object({ timelineId: timelineIdField.nullable().optional(), tz: timeZoneField.optional() }).strict();
export type RefreshPromptsBody = z.infer<typeof refreshPromptsBody>;

/** accounts §3 "Daily prompts". */
export const dailyPrompts = z.object({ lookingBackPrompt: z.string(), lookingForwardPrompt: z.string() });
export type DailyPrompts = z.infer<typeof dailyPrompts>;

/**
 * POST /api/prompts/follow-up (memories §7): the memory as written so far and the questions
 * already asked, which the answer never repeats. An empty memory still gets a question.
 */
export const followUpBody = z
  .object({
    memoryContent: z.string({ error: messages.followUpContentInvalid }).max(FOLLOW_UP_CONTENT_MAX, { error: messages.followUpContentTooLong }),
    previousQuestions: z
      .array(z.string({ error: messages.followUpPreviousInvalid }).max(FOLLOW_UP_QUESTION_MAX, { error: messages.followUpPreviousInvalid }), {
        error: messages.followUpPreviousInvalid,
      })
      .max(FOLLOW_UP_PREVIOUS_MAX, { error: messages.followUpPreviousTooMany })
      .default([]),
    /**
     * A voice-only story has no text yet: the title and the day's prompt it answers let the
     * question still be about it. Both optional; the spec's two fields are enough.
     */
    title: z.string({ error: messages.followUpTitleInvalid }).max(FOLLOW_UP_QUESTION_MAX, { error: messages.followUpTitleInvalid }).optional(),
    prompt: z.string({ error: messages.followUpPromptInvalid }).max(FOLLOW_UP_QUESTION_MAX, { error: messages.followUpPromptInvalid }).optional(),
  })
  .strict();
export type FollowUpBody = z.infer<typeof followUpBody>;

/** memories §7: the response field `question`. */
export const followUpQuestion = z.object({ question: z.string() });
export type FollowUpQuestion = z.infer<typeof followUpQuestion>;
