// Storytellers, the family's side (issue 23; DESIGN "Storytellers (no account)"): adding one,
// their mark among a timeline's members with their manager's dialog (link, details, the week's
// question by e-mail), the family's questions and the printed card (its page loads on its own:
// SignedInApp's STORYTELLER_CARD_ROUTE).
export { AddStorytellerButton, ManageStorytellerButton } from './StorytellerButtons';
export { QuestionsCard } from './QuestionsCard';
export { StorytellerMemberNote } from './StorytellerMemberNote';
export { useStorytellers } from './useStorytellers';
