// Today's Prompts (accounts §2 Home): what other features may use.
export { TodaysPrompts } from './TodaysPrompts';
