// Issue 9 "First run": tapping a revealed prompt on Home opens the wizard about that prompt.
// The shell opens the wizard by name only, so the prompt waits here for the wizard to take it.
let seed: string | null = null;

/** Call before opening the 'capture' dialog: the prompt becomes the title suggestion, and the follow-up questions never ask it back. */
export function captureAboutPrompt(prompt: string): void {
  seed = prompt.trim() || null;
}

/** The prompt waiting for the wizard, left in place until `clearPromptSeed` (StrictMode runs effects twice). */
export function peekPromptSeed(): string | null {
  return seed;
}

export function clearPromptSeed(): void {
  seed = null;
}
