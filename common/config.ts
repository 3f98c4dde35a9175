import { z } from 'zod';

/** DESIGN "Words for every voice": what writes a recording's words, if anything. */
export const transcriptionEngineNames = ['local', 'service', 'none'] as const;
export type TranscriptionEngineName = (typeof transcriptionEngineNames)[number];

/** The part of the server's configuration the web may read (GET /api/config). */
export const publicConfig = z.object({
  /** accounts §2: "Send Feedback" opens this in a new tab. */
  feedbackUrl: z.string(),
  /**
   * DESIGN "Voice is never dropped": false when no engine is configured (neither the local one
   * nor a service), so the web ends a recording quietly with 'Audio response (no transcription available)'.
   */
  transcriptionAvailable: z.boolean(),
  /**
   * DESIGN "Words for every voice": which engine writes the words, said on the profile page.
   * `model` is the model file's name for the local engine, the service's model name, or null.
   */
  transcription: z.object({
    engine: z.enum(transcriptionEngineNames),
    model: z.string().nullable(),
  }),
  /** DESIGN "E-mail (optional)": whether SMTP_URL and MAIL_FROM are set; without them nothing offers to send mail. */
  mail: z.object({ enabled: z.boolean() }),
});
export type PublicConfig = z.infer<typeof publicConfig>;
