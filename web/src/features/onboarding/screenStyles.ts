/** Onboarding screens are screens of their own: a headline-sized title. */
export const titleStyles = { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } };
