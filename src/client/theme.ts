import { type CSSVariablesResolver, createTheme, Drawer, Menu, Modal, Notification } from "@mantine/core";

/**
 * Calm, high-contrast defaults for long clinical work sessions. Every text colour meets WCAG 2.1
 * AA (4.5:1) on its background: the primary shade 8 for filled buttons and links (Mantine's
 * default shade 6 gives white on indigo only 4.1:1), and darker "dimmed" and light-variant text (cssVariablesResolver).
 */
export const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: 8,
  defaultRadius: "md",
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: "700" },
  cursorType: "pointer",
  // Filled badges and buttons pick black or white text by their background's luminance: white on
  // yellow 8 or orange 8 (a "Moderate" severity badge) is under 3:1; black on them is over 8:1.
  autoContrast: true,
  // Icon-only close buttons get a name here, once, so no dialog, drawer or toast is left with an
  // unnamed "×" (axe: button-name, critical); a screen can still pass its own.
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { "aria-label": "Close dialog" } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { "aria-label": "Close panel" } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { "aria-label": "Close notification" } } }),
    // Mantine's hidden focus placeholder is a focusable child without a role inside role="menu",
    // which assistive technology cannot place (axe: aria-required-children, critical). Without it
    // the arrow keys still move into the menu.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
  },
});

const LIGHT_VARIANT_COLORS = ["indigo", "blue", "red", "gray", "grape", "violet"];
// Yellow, orange, teal and green have no shade dark enough on their light backgrounds (teal 9
// on teal 1 is 4.3:1): darker tones of their own hue, 6.5:1 or more.
const DARKER_THAN_SHADE_9 = { yellow: "#664d03", orange: "#664d03", teal: "#065f46", green: "#1b5e20" };

/** Secondary text (gray 7, 7.9:1) and the text of light badges and buttons (shade 9) dark enough to read. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    // The active navigation link under the pointer: indigo 9 text on Mantine's light-hover indigo is
    // 4.1:1; on indigo 1 it is 5.3:1.
    "--mantine-color-indigo-light-hover": "var(--mantine-color-indigo-1)",
    ...Object.fromEntries(
      LIGHT_VARIANT_COLORS.map((c) => [`--mantine-color-${c}-light-color`, `var(--mantine-color-${c}-9)`]),
    ),
    ...Object.fromEntries(
      Object.entries(DARKER_THAN_SHADE_9).map(([c, tone]) => [`--mantine-color-${c}-light-color`, tone]),
    ),
  },
  dark: {},
});
