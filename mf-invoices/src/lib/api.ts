// mf-invoices' one client for the BFF (typed from the contract; sends the CSRF header on writes).
import { createApiClient } from '@frilo/openapi/client';

export const api = createApiClient();
