// The product's breakpoints (Bootstrap 5's, docs/product/web-app.md#breakpoints): xs 0, sm 576, md 768, lg 992, xl 1200, xxl 1400. Mobile
// is below md. CSS media queries cannot read custom properties, so stylesheets write the numbers
// (`max-width: 767.98px` for "below md"); code uses these.

export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** `(min-width: 992px)`: from the breakpoint up. */
export function fromBreakpoint(name: Breakpoint): string {
  return `(min-width: ${BREAKPOINTS[name]}px)`;
}

/** `(max-width: 991.98px)`: below the breakpoint (the .02 px keeps fractional widths on one side). */
export function belowBreakpoint(name: Breakpoint): string {
  return `(max-width: ${BREAKPOINTS[name] - 0.02}px)`;
}
