// The back-office screens' client for the BFF (typed from the contract; sends the CSRF header on writes).
import { createApiClient } from '@frilo/openapi/client';

export const api = createApiClient();
export const SESSION = { sessionRequired: true } as const;
