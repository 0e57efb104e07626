// The browser every test and measuring script drives: Debian's `chromium-headless-shell` (Playwright cannot download
// its own browsers on our machines). It is Chromium without a window system, the build Playwright itself uses for
// headless runs; the full `chromium` in new-headless mode runs the whole browser UI stack and cost the browser suite
// 2.5 times its CPU (decision 0041). `CHROMIUM_PATH` chooses another binary.
export const CHROMIUM_PACKAGE = 'chromium-headless-shell';
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium-headless-shell';
