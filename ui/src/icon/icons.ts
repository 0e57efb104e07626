// Frilo's line icons as SVG path data on a 24 px grid, one export each, so an app ships only the
// icons it uses (`import * as icons from '@frilo/ui/icons'`; `<Icon icon={icons.alert} />`).

export const alert = 'M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z';
export const archive = 'M3 4h18v4H3zM5 8v12h14V8M10 12h4';
export const arrowLeft = 'M19 12H5M12 19l-7-7 7-7';
export const check = 'M20 6 9 17l-5-5';
export const chevron = 'm6 9 6 6 6-6';
export const chevronLeft = 'm15 18-6-6 6-6';
export const chevronRight = 'm9 18 6-6-6-6';
export const circle = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z';
export const clock = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2';
export const close = 'M6 6l12 12M18 6 6 18';
export const edit = 'M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z';
export const globe = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18';
export const home = 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z';
export const info = 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 16v-4M12 8h.01';
export const invoice = 'M6 2h9l5 5v14a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm8 0v6h6M8 13h8M8 17h5';
export const link =
  'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7';
export const lock = 'M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1zM8 11V7a4 4 0 0 1 8 0v4';
export const logout = 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9';
export const mail = 'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm-.5 1 8.5 7 8.5-7';
export const menu = 'M4 6h16M4 12h16M4 18h16';
export const plus = 'M12 5v14M5 12h14';
export const refresh = 'M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5';
export const search = 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35';
export const sparkle = 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z';
export const trash = 'M3 6h18M8 6V4h8v2M6 6l1 14a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-14M10 11v6M14 11v6';
export const user = 'M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z';
export const users =
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm13 10v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75';
export const verified =
  'M12 3l2.4 1.8 3 .1.9 2.9 2.2 2-1 2.9.4 3-2.6 1.6-1.2 2.8-3-.5L12 21l-2.1-2.4-3 .5-1.2-2.8L3.1 14.7l.4-3-1-2.9 2.2-2 .9-2.9 3-.1zM8.5 12l2.3 2.3 4.7-4.6';
export const wallet = 'M3 7a2 2 0 0 1 2-2h13v4M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2zm13 7h.01';
