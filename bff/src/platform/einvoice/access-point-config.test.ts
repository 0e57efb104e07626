// The access point settings as the BFF reads them from the environment: which transport is used, what production
// insists on (https, a token), and the platform's own Peppol id checked like any other organisation number.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config.ts';

const TEST = { NODE_ENV: 'test' };
const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: randomBytes(32).toString('base64'),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  SELLER_NAME: 'Paraply Lön AB',
  SELLER_ORGANISATION_NUMBER: '556677-8899',
  SELLER_STREET: 'Storgatan 5',
  SELLER_POSTAL_CODE: '41101',
  SELLER_CITY: 'Göteborg',
  SELLER_BANKGIRO: '50501238',
  SELLER_EMAIL: 'faktura@paraply.example',
  SELLER_F_TAX_APPROVED: 'true',
};

describe('e-invoice access point settings', () => {
  test('without EINVOICE_ACCESS_POINT_URL the outbox is used; the sender id is the seller’s 0007 id', () => {
    const sending = loadConfig(TEST).sending;
    assert.equal(sending.accessPoint, null);
    assert.equal(sending.peppolSenderId, '0007:5599001236');
    assert.equal(loadConfig(PRODUCTION).sending.peppolSenderId, '0007:5566778899');
  });

  test('with a URL and a token the access point is used, timeout 30 s unless told', () => {
    const env = {
      ...PRODUCTION,
      EINVOICE_ACCESS_POINT_URL: 'https://ap.example.com/v1/submit',
      EINVOICE_ACCESS_POINT_TOKEN: 't0k',
    };
    assert.deepEqual(loadConfig(env).sending.accessPoint, {
      url: 'https://ap.example.com/v1/submit',
      token: 't0k',
      timeoutSeconds: 30,
    });
    const quick = loadConfig({ ...env, EINVOICE_ACCESS_POINT_TIMEOUT_SECONDS: '5' }).sending.accessPoint;
    assert.equal(quick?.timeoutSeconds, 5);
    assert.throws(
      () => loadConfig({ ...env, EINVOICE_ACCESS_POINT_TIMEOUT_SECONDS: '0' }),
      /EINVOICE_ACCESS_POINT_TIMEOUT_SECONDS must be a whole number/,
    );
  });

  test('production refuses plain http and a missing token; http is allowed outside production (loopback tests)', () => {
    const http = { EINVOICE_ACCESS_POINT_URL: 'http://127.0.0.1:8080/submit', EINVOICE_ACCESS_POINT_TOKEN: 't0k' };
    assert.throws(() => loadConfig({ ...PRODUCTION, ...http }), /EINVOICE_ACCESS_POINT_URL must be https/);
    assert.equal(loadConfig({ ...TEST, ...http }).sending.accessPoint?.url, 'http://127.0.0.1:8080/submit');
    assert.throws(
      () => loadConfig({ ...PRODUCTION, EINVOICE_ACCESS_POINT_URL: 'https://ap.example.com/submit' }),
      /EINVOICE_ACCESS_POINT_TOKEN is required when EINVOICE_ACCESS_POINT_URL is set/,
    );
    assert.throws(
      () =>
        loadConfig({ ...TEST, EINVOICE_ACCESS_POINT_URL: 'ftp://ap.example.com/', EINVOICE_ACCESS_POINT_TOKEN: 't' }),
      /must be http\(s\)/,
    );
    assert.throws(() => loadConfig({ ...TEST, EINVOICE_ACCESS_POINT_URL: 'not a url' }), /is not a URL/);
  });

  test('PEPPOL_SENDER_ID is normalised, and a 0007 id must be a valid organisation number', () => {
    assert.equal(
      loadConfig({ ...TEST, PEPPOL_SENDER_ID: '0007:556036-0793' }).sending.peppolSenderId,
      '0007:5560360793',
    );
    assert.equal(
      loadConfig({ ...TEST, PEPPOL_SENDER_ID: '0088:7300010000001' }).sending.peppolSenderId,
      '0088:7300010000001',
    );
    assert.throws(
      () => loadConfig({ ...TEST, PEPPOL_SENDER_ID: '0007:5560360794' }),
      /PEPPOL_SENDER_ID: a 0007 id must be a valid Swedish organisation number/,
    );
    assert.throws(() => loadConfig({ ...TEST, PEPPOL_SENDER_ID: '5560360793' }), /PEPPOL_SENDER_ID must be scheme:id/);
  });
});
