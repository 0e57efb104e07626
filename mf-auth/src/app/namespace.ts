/** This remote's i18next namespace: texts live in src/locales/{sv,en}/auth.json. */
export const NAMESPACE = 'auth';
export const REMOTE_NAME = 'mf-auth';
