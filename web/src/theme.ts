import { createTheme, localStorageColorSchemeManager, Notification, type CSSVariablesResolver } from '@mantine/core';

/** accounts §2 "Theme": dark by default, kept under this local storage key. */
export const THEME_STORAGE_KEY = 'family-memories-theme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // A toast's text has a grey of its own, as short of AA contrast as the dimmed one below.
    Notification: Notification.extend({ styles: { description: { color: 'var(--mantine-color-dimmed)' } } }),
  },
});

/** Mantine's dimmed grey falls short of WCAG AA contrast on both backgrounds; darken it. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
