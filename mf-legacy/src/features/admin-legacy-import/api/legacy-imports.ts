import type { components } from '@frilo/openapi/client';
import { request } from '@frilo/ui/form/api-result';
import { api } from '../../../lib/api.ts';

export type LegacyImport = components['schemas']['LegacyImport'];
export type LegacyKind = components['schemas']['LegacyKind'];
export const IMPORTS_PAGE_SIZE = 10;

/** GET /api/admin/legacy-imports: the imports so far, newest first. */
export function listLegacyImports(page: number, signal: AbortSignal) {
  return request(
    api.GET('/api/admin/legacy-imports', {
      params: { query: { page, pageSize: IMPORTS_PAGE_SIZE } },
      cache: 'no-store',
      signal,
    }),
    { sessionRequired: true },
  );
}

/** POST /api/admin/legacy-imports: one CSV file of one kind (201 stored, 200 the same file was imported before). */
export function importLegacyRecords(kind: LegacyKind, file: File) {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', file, file.name);
  return request(
    api.POST('/api/admin/legacy-imports', {
      // The generated type describes the multipart fields; the browser sends the FormData with its boundary.
      body: form as unknown as { kind: LegacyKind; file: string },
    }),
    { sessionRequired: true },
  );
}
