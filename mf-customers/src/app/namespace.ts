// This remote's entry in the registry of remotes (@frilo/openapi/remotes): its name, and the
// i18next namespace its texts are in (src/locales/{sv,en}/customers.json).
import { remoteEntry } from '@frilo/openapi/remotes';

export const REMOTE_NAME = 'mf-customers';
export const NAMESPACE = remoteEntry(REMOTE_NAME).namespace;
