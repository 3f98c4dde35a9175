// Accounts (accounts §2 welcome page; DESIGN "Signed-out pages"): what other features may use.
export { SignupForm, useRegistrationClosed } from './SignupForm';
export { useCurrentUser } from './useCurrentUser';
