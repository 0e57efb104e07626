// This remote's name and the i18next namespace its texts are in (src/locales/{sv,en}/auth.json),
// as the registry of remotes has them (@frilo/openapi/remotes; openapi/src/remotes.test.ts keeps
// them equal). Written out rather than read from the registry: the first screen stays smaller.
export const REMOTE_NAME = 'mf-auth';
export const NAMESPACE = 'auth';
