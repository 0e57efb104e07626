/** This remote's i18next namespace: texts live in src/locales/{sv,en}/legacy.json. */
export const NAMESPACE = 'legacy';
export const REMOTE_NAME = 'mf-legacy';
