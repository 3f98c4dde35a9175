import { createTheme, localStorageColorSchemeManager, rem, type CSSVariablesResolver } from '@mantine/core';

/** accounts §2 "Theme": dark by default, kept under this local storage key. */
export const THEME_STORAGE_KEY = 'family-memories-theme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });

/**
 * Issue 9 "Easy to see and to press": body text is 16 px and nothing is under 14 px. Mantine
 * sizes most controls 'sm' (14 px) and captions 'xs' (12 px), so the scale starts higher:
 * every screen gets it, whatever size its components ask for. The sizes are rem, so the
 * Text size setting (lib/textSize.ts) grows them all. Control heights live in legibility.css.
 */
const fontSizes = { xs: rem(14), sm: rem(16), md: rem(16), lg: rem(18), xl: rem(20) };

/** Labels, help text and errors of a field at the field's own size, not 2 px smaller. */
const fieldTextSize = (size: unknown) => (typeof size === 'string' && size in fontSizes ? `var(--mantine-font-size-${size})` : 'var(--mantine-font-size-sm)');

export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontSizes,
  headings: { fontWeight: '700' },
  // Plain objects, not Component.extend(): extend() imports each component, and the theme
  // is in the first screen's script, which would then carry every one of them.
  components: {
    // A toast's text has a grey of its own, as short of AA contrast as the dimmed one below.
    Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
    InputWrapper: {
      vars: (_theme: unknown, props: { size?: unknown }) => ({
        label: { '--input-label-size': fieldTextSize(props.size) },
        description: { '--input-description-size': fieldTextSize(props.size) },
        error: { '--input-error-size': fieldTextSize(props.size) },
        success: { '--input-success-size': fieldTextSize(props.size) },
      }),
    },
    // A 24 px box or track is easier to see than Mantine's 20 px; legibility.css makes the
    // whole row (box and label) the 44 px target.
    Checkbox: { defaultProps: { size: 'md' } },
    Radio: { defaultProps: { size: 'md' } },
    Switch: { defaultProps: { size: 'md' } },
    // Issue 9: dialogs keep focus inside and give it back to the control that opened them.
    // Mantine's defaults already do; stated here so no screen can drift from them unnoticed.
    Modal: { defaultProps: { trapFocus: true, returnFocus: true } },
    Drawer: { defaultProps: { trapFocus: true, returnFocus: true } },
  },
});

/**
 * Mantine's dimmed grey falls short of WCAG AA contrast on both backgrounds; darken it. Its
 * placeholder grey is 2.5:1 (dark) and 2.1:1 (light); these reach 4.5:1 on every input
 * background (measured: dark #a8a8a8 is 5.7:1 on dark-6 and 4.7:1 on the filled dark-5;
 * light #646b72 is 5.4:1 on white and 4.9:1 on the filled gray-1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': '#646b72' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-placeholder': '#a8a8a8' },
});
