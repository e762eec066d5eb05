import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Cue's violet: shade 6 is the brand colour. */
const cue: MantineColorsTuple = [
  '#f1efff',
  '#e1dcfd',
  '#c0b6f6',
  '#9d8ef0',
  '#806dea',
  '#6d58e7',
  '#5f4ae4',
  '#4f3bcb',
  '#4634b6',
  '#3a2ba0',
];

const coral: MantineColorsTuple = [
  '#fff0eb',
  '#ffdfd5',
  '#fbbda9',
  '#f7997a',
  '#f47a52',
  '#f26738',
  '#f25d2a',
  '#d74c1d',
  '#c04217',
  '#a8360f',
];

const systemFont =
  "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  primaryColor: 'cue',
  primaryShade: { light: 6, dark: 4 },
  colors: { cue, coral },
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '700' },
  defaultRadius: 'md',
  radius: { xl: '1.25rem' },
  cursorType: 'pointer',
  // Filled components pick black or white text by their background, so every colour keeps 4.5:1 contrast.
  autoContrast: true,
  focusRing: 'auto',
  components: {
    // A badge's words take their direction from themselves ('+ 2 more', 'Sign-in × 3' stay whole in a right-to-left school).
    Badge: { styles: { label: { unicodeBidi: 'plaintext' } } },
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 150 } },
  },
});
