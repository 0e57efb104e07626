import type { components } from '@frilo/openapi/client';
import { api } from '../../../lib/api.ts';
import { fileBody, request } from '../../../lib/api-result.ts';

export type AdminExchangeRate = components['schemas']['AdminExchangeRate'];
export type ExchangeRateImport = components['schemas']['ExchangeRateImport'];
export type ForeignCurrency = components['schemas']['ForeignCurrency'];

export const FOREIGN_CURRENCIES: readonly ForeignCurrency[] = ['EUR', 'USD', 'NOK', 'DKK', 'GBP'];
export const RATES_PAGE_SIZE = 25;

export type RateQuery = { currency: ForeignCurrency | null; from: string; to: string; page: number };

export function listExchangeRates(query: RateQuery, signal?: AbortSignal) {
  return request(
    api.GET('/api/admin/exchange-rates', {
      params: {
        query: {
          ...(query.currency ? { currency: query.currency } : {}),
          ...(query.from ? { from: query.from } : {}),
          ...(query.to ? { to: query.to } : {}),
          page: query.page,
          pageSize: RATES_PAGE_SIZE,
        },
      },
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    }),
  );
}

export function setExchangeRate(currency: ForeignCurrency, date: string, sekPerUnit: string) {
  return request(
    api.PUT('/api/admin/exchange-rates/{currency}/{date}', {
      params: { path: { currency, date } },
      body: { sekPerUnit },
    }),
  );
}

export function importExchangeRates(file: File) {
  return request(api.POST('/api/admin/exchange-rate-imports', fileBody(file)));
}
