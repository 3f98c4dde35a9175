// Families and family invite links as the API speaks them (accounts §3, §7; DESIGN "Families").
import { z } from 'zod';
import { messages } from './messages.js';
import { member } from './timelines.js';
import { user } from './users.js';

/** POST /api/invites: the invite, and the family it belongs to (made on the first call). */
export const familyInviteCreated = z.object({ id: z.string(), familyId: z.string(), expiresAt: z.string() });
export type FamilyInviteCreated = z.infer<typeof familyInviteCreated>;

/**
 * GET /api/invites/{id}, a public call: accounts §3 "inviter (displayName, firstName)", plus
 * the avatar DESIGN allows; never an email.
 */
export const familyInviteDetails = z.object({
  id: z.string(),
  familyId: z.string(),
  familyName: z.string(),
  expiresAt: z.string(),
  inviter: z.object({
    displayName: z.string().nullable(),
    firstName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
});
export type FamilyInviteDetails = z.infer<typeof familyInviteDetails>;

/** accounts §3 "409 conflict data", sent when the invited user already has another family. */
export const familyConflict = z.object({
  message: z.string(),
  requiresExplicitMerge: z.literal(true),
  currentFamilyId: z.string(),
  invitedFamilyId: z.string(),
});
export type FamilyConflict = z.infer<typeof familyConflict>;

const familyIdField = z.string({ error: messages.familyMergeIdsRequired }).min(1, { error: messages.familyMergeIdsRequired });

/**
 * POST /api/families/merge: accounts §3 names the two families; DESIGN adds the invite to the
 * target, which is what entitles the caller to merge into it.
 */
export const mergeFamiliesBody = z
  .object({ targetFamilyId: familyIdField, sourceFamilyId: familyIdField, inviteId: familyIdField })
  .strict();
export type MergeFamiliesBody = z.infer<typeof mergeFamiliesBody>;

export const mergedFamilies = z.object({ success: z.literal(true), user });
export type MergedFamilies = z.infer<typeof mergedFamilies>;

/** GET /api/families/{familyId}. */
export const family = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  members: z.array(member),
});
export type Family = z.infer<typeof family>;
