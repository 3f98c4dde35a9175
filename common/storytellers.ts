// Storytellers and the family's questions as the API speaks them (issue 23; DESIGN
// "Storytellers (no account)"): the family's calls, and the link holder's `/api/tell/{token}`.
import { z } from 'zod';
import { emailField } from './auth.js';
import { QUESTION_TEXT_MAX } from './limits.js';
import { messages } from './messages.js';
import { timeZoneField } from './prompts.js';
import { nameField } from './users.js';

/** The family's word for them ("Their name" on the form). */
const storytellerNameField = nameField({ required: messages.storytellerNameRequired, tooLong: messages.storytellerNameTooLong });

/** An e-mail for reminders, or none: blank and null both clear it. */
const contactEmailField = z
  .union([z.literal('').transform(() => null), z.null(), emailField])
  .optional();

/** POST /api/timelines/{id}/storytellers. */
export const createStorytellerBody = z.object({ displayName: storytellerNameField, email: contactEmailField }).strict();
export type CreateStorytellerBody = z.infer<typeof createStorytellerBody>;

/** The week's question by e-mail: weekday 0–6 (0 = Sunday), `HH:mm`, an IANA zone. */
export const reminder = z
  .object({
    weekday: z.number({ error: messages.storytellerReminderInvalid }).int().min(0).max(6, { error: messages.storytellerReminderInvalid }),
    time: z.string({ error: messages.storytellerReminderInvalid }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: messages.storytellerReminderInvalid }),
    tz: timeZoneField,
  })
  .strict();
export type Reminder = z.infer<typeof reminder>;

/** PATCH /api/storytellers/{id}. */
export const updateStorytellerBody = z
  .object({ displayName: storytellerNameField, email: contactEmailField, reminder: reminder.nullable() })
  .partial()
  .strict();
export type UpdateStorytellerBody = z.infer<typeof updateStorytellerBody>;

/** What the caller may do with a storyteller (server/access/abilities.ts): its creator and the timeline's owner manage it. */
export const storytellerAbilities = z.object({ canManage: z.boolean() });

/** GET /api/timelines/{id}/storytellers: never a token. */
export const storyteller = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  /** The member who added them; null once that member's account is gone. */
  createdBy: z.string().nullable(),
  linkActive: z.boolean(),
  reminder: reminder.nullable(),
  /** They pressed "unsubscribe" in a reminder: no more mail until the family sets a reminder again. */
  remindersStopped: z.boolean(),
  lastStoryAt: z.string().nullable(),
  stories: z.number().int().nonnegative(),
  abilities: storytellerAbilities,
});
export type Storyteller = z.infer<typeof storyteller>;

/** POST /api/timelines/{id}/storytellers → 201: the new storyteller with their link. */
export const createdStoryteller = z.object({ id: z.string(), displayName: z.string(), email: z.string().nullable(), link: z.string() });
export type CreatedStoryteller = z.infer<typeof createdStoryteller>;

/** POST /api/storytellers/{id}/link (a new link; the old one dies) and GET of the active one for "Copy link". */
export const storytellerLink = z.object({ link: z.string() });
export type StorytellerLink = z.infer<typeof storytellerLink>;

/** POST /api/timelines/{id}/questions. */
export const askQuestionBody = z
  .object({
    text: z
      .string({ error: messages.questionTextRequired })
      .trim()
      .min(1, { error: messages.questionTextRequired })
      .max(QUESTION_TEXT_MAX, { error: messages.questionTextTooLong }),
    /** A storyteller of the timeline; without it, anyone on the timeline who tells by link. */
    forUserId: z.string({ error: messages.questionForInvalid }).max(100, { error: messages.questionForInvalid }).optional(),
  })
  .strict();
export type AskQuestionBody = z.infer<typeof askQuestionBody>;

/** GET /api/timelines/{id}/questions, oldest first. */
export const question = z.object({
  id: z.string(),
  text: z.string(),
  askedBy: z.object({ id: z.string(), displayName: z.string() }),
  forUserId: z.string().nullable(),
  createdAt: z.string(),
  /** The story that answered it; null while it waits. */
  answeredMemoryId: z.string().nullable(),
  abilities: z.object({ canDelete: z.boolean() }),
});
export type Question = z.infer<typeof question>;

/** GET /api/tell/{token}: all the link may read. */
export const tellPage = z.object({
  storyteller: z.object({ displayName: z.string() }),
  timeline: z.object({ name: z.string(), color: z.string() }),
  /** The oldest question waiting for them or for anyone; null: answer `prompt`. */
  question: z.object({ id: z.string(), text: z.string(), askedBy: z.string() }).nullable(),
  /** The day's looking-back prompt, for when no question waits. */
  prompt: z.string(),
  stories: z.array(z.object({ id: z.string(), title: z.string(), createdAt: z.string() })),
});
export type TellPage = z.infer<typeof tellPage>;

/**
 * POST /api/tell/{token}/follow-up takes the capture wizard's follow-up body (common/prompts.ts
 * `followUpBody`: the story so far, the questions asked, its title and prompt) and answers
 * `followUpQuestion`.
 */
export { followUpBody as tellFollowUpBody, followUpQuestion as tellFollowUpQuestion } from './prompts.js';
