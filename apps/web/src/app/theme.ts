import {
  Loader,
  Textarea,
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

// A calm teal. Shades 7 and darker keep white text above WCAG AA (7 is 5.5:1 on white),
// so buttons and links drawn with the primary colour stay readable.
const tend: MantineColorsTuple = [
  '#e6f4f1',
  '#c5e6df',
  '#9dd5c9',
  '#70c2b2',
  '#48b09e',
  '#2a9d8a',
  '#178a78',
  '#0f766e',
  '#115e59',
  '#134e4a',
];

// System fonts only: the CSP allows no third-party font hosts, and nothing needs downloading.
const systemFonts =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const theme = createTheme({
  primaryColor: 'tend',
  primaryShade: { light: 7, dark: 5 },
  colors: { tend },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '700', textWrap: 'balance' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Whoever asked their system for less motion gets menus, dialogs and notifications without it.
  respectReducedMotion: true,
  // SPEC §9: layout changes at 767px and 991px; sm and md sit exactly on them.
  breakpoints: {
    xs: '36em',
    sm: '47.9375em',
    md: '61.9375em',
    lg: '75em',
    xl: '88em',
  },
  components: {
    // A Loader is a <span>; its aria-label ("Loading your patients") is only allowed, and only read
    // out, when the element has a role. Every loader is a status message.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // Every text area grows with what is typed, from two rows to six unless it says otherwise.
    Textarea: Textarea.extend({ defaultProps: { autosize: true, minRows: 2, maxRows: 6 } }),
  },
});

// Mantine's default dimmed grey (#868e96) and error red (#fa5252) fall below 4.5:1 on white.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
