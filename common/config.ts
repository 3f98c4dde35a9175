import { z } from 'zod';

/** The part of the server's configuration the web may read (GET /api/config). */
export const publicConfig = z.object({
  /** accounts §2: "Send Feedback" opens this in a new tab. */
  feedbackUrl: z.string(),
  /**
   * DESIGN "Voice is never dropped": false when no transcription service is configured, so
   * the web ends a recording quietly with 'Audio response (no transcription available)'.
   */
  transcriptionAvailable: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
