// The profile feature (accounts §2 "Profile"), and the pieces onboarding reuses.
export { ProfilePage } from './ProfilePage';
export { AvatarPicker } from './AvatarPicker';
export { useImageChoice } from './imageChoice';
export { useUpdateProfile } from './useProfileMutations';
