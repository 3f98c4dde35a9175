import { z } from 'zod';

/** The part of the server's configuration the web may read (GET /api/config). */
export const publicConfig = z.object({
  /** accounts §2: "Send Feedback" opens this in a new tab. */
  feedbackUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
