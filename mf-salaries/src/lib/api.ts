// The typed BFF client of mf-salaries (same origin; the CSRF header on writes).
import { createApiClient } from '@frilo/openapi/client';

export const api = createApiClient();
