// Today's Prompts on Home (accounts §2 Home, §3 "Daily prompts", §7 prompts calls).
import { z } from 'zod';
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
