import { z } from 'zod';

/** Every refusal the API sends (DESIGN "API": `{ "message": "…" }`). */
export const errorBody = z.object({ message: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;
