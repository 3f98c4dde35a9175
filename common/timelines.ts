// Timelines, their members and invite links as the API speaks them (accounts §3, §7).
import { z } from 'zod';
import { TIMELINE_DESCRIPTION_MAX, TIMELINE_ICON_MAX, TIMELINE_NAME_MAX } from './limits.js';
import { messages } from './messages.js';

export const timelineNameField = z
  .string({ error: messages.timelineNameRequired })
  .trim()
  .min(1, { error: messages.timelineNameRequired })
  .max(TIMELINE_NAME_MAX, { error: messages.timelineNameTooLong });

export const timelineColorField = z
  .string({ error: messages.timelineColorInvalid })
  .regex(/^#[0-9a-fA-F]{6}$/, { error: messages.timelineColorInvalid })
  .toLowerCase();

/** Blank clears the description (stored as null, accounts §3 "description (nullable)"). */
export const timelineDescriptionField = z
  .string({ error: messages.timelineDescriptionTooLong })
  .trim()
  .max(TIMELINE_DESCRIPTION_MAX, { error: messages.timelineDescriptionTooLong })
  .nullable();

/**
 * STYLE (Outline's policies): what the caller may do with a timeline, from the rules the
 * server applies (server/access/abilities.ts), so the web never re-derives them.
 */
export const timelineAbilities = z.object({ canEdit: z.boolean(), canDelete: z.boolean() });
export type TimelineAbilities = z.infer<typeof timelineAbilities>;

export const timeline = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  icon: z.string().nullable(),
  /** Whether this is the caller's default timeline (users.default_timeline_id). */
  isDefault: z.boolean(),
  /** The owner (accounts §3 "creator or owner"). */
  userId: z.string(),
  createdAt: z.string(),
  abilities: timelineAbilities,
});
export type Timeline = z.infer<typeof timeline>;

/** POST /api/timelines: the Manage Timelines dialog sends name and colour; onboarding adds the rest. */
export const createTimelineBody = z
  .object({
    name: timelineNameField,
    color: timelineColorField.optional(),
    description: timelineDescriptionField.optional(),
    icon: z
      .string({ error: messages.timelineIconInvalid })
      .trim()
      .max(TIMELINE_ICON_MAX, { error: messages.timelineIconInvalid })
      .nullable()
      .optional(),
    isDefault: z.boolean({ error: messages.timelineIsDefaultInvalid }).optional(),
  })
  .strict();
export type CreateTimelineBody = z.infer<typeof createTimelineBody>;

/** PATCH /api/timelines/{id}: accounts §5 "Edit also requires a non-empty trimmed name". */
export const updateTimelineBody = z
  .object({
    name: timelineNameField,
    color: timelineColorField,
    description: timelineDescriptionField,
  })
  .partial()
  .strict();
export type UpdateTimelineBody = z.infer<typeof updateTimelineBody>;

/** accounts §3 "Timeline member"; also a family's member. */
export const member = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** '' for a storyteller, whose sign-in address is a reserved one no one reads (issue 23). */
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  /** Tells stories by link, with no account (DESIGN "Storytellers (no account)"). */
  isStoryteller: z.boolean(),
});
export type Member = z.infer<typeof member>;

/** What the caller may do with a member of a timeline (server/access/abilities.ts). */
export const timelineMemberAbilities = z.object({ canRemove: z.boolean() });
export type TimelineMemberAbilities = z.infer<typeof timelineMemberAbilities>;

/** GET /api/timelines/{id}/members: the person card, with what the caller may do with them. */
export const timelineMember = member.extend({ abilities: timelineMemberAbilities });
export type TimelineMember = z.infer<typeof timelineMember>;

export const success = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof success>;

/** POST /api/timelines/{timelineId}/invites and GET /api/timeline-invites/{timelineId}. */
export const timelineInvite = z.object({ id: z.string(), expiresAt: z.string() });
export type TimelineInvite = z.infer<typeof timelineInvite>;

/**
 * GET /api/timeline-invite/{id}, a public call: DESIGN "Who may do what" (Invites) allows
 * names, colour, description and the inviter's name and avatar, never an email.
 */
export const timelineInviteDetails = z.object({
  invite: z.object({ id: z.string(), timelineId: z.string(), expiresAt: z.string() }),
  timeline: z.object({ id: z.string(), name: z.string(), color: z.string(), description: z.string().nullable() }),
  creator: z.object({
    id: z.string(),
    displayName: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
});
export type TimelineInviteDetails = z.infer<typeof timelineInviteDetails>;

/** POST /api/timeline-invite/{id}/accept (DESIGN "Invites"). */
export const acceptedTimelineInvite = z.object({ timelineId: z.string(), name: z.string() });
export type AcceptedTimelineInvite = z.infer<typeof acceptedTimelineInvite>;

/** POST /api/process-pending-timeline-invite (accounts §7). */
export const processPendingTimelineInviteBody = z
  .object({
    inviteId: z.string({ error: messages.inviteIdRequired }).trim().min(1, { error: messages.inviteIdRequired }),
  })
  .strict();
export type ProcessPendingTimelineInviteBody = z.infer<typeof processPendingTimelineInviteBody>;

export const processedTimelineInvite = z.object({
  success: z.literal(true),
  message: z.string(),
  timeline: z.object({ id: z.string(), name: z.string() }),
  setTimelineWelcome: z.literal(true),
  redirectTo: z.string(),
});
export type ProcessedTimelineInvite = z.infer<typeof processedTimelineInvite>;

/** DESIGN "Edge decisions": this call's refusals carry `success: false` beside the message. */
export const processTimelineInviteRefusal = z.object({ success: z.literal(false), message: z.string() });
