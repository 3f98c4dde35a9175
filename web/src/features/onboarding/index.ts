// Onboarding (accounts §2, §4): profile setup, the first timeline and the install screen.
export { Onboarding } from './Onboarding';
export { storageKeys as onboardingStorageKeys } from './storage';
