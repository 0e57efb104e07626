// Who may call the back office: every admin operation (admin.yaml, and the legacy import) answered for an admin, and
// refused to a freelancer (403), to an admin who is impersonating someone (403: they act as the user) and to nobody
// logged in (401). The list of operations comes from the contract, so a new admin operation must be added here.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { moduleOperations } from '@frilo/openapi/types/modules';
import { createTestApp, type ApiClient, type CallOptions, type TestApp } from '../../../test/test-app.ts';
import { confirmedUser, uniqueEmail } from '../auth/test-helpers.ts';
import type { OperationId } from '../../platform/http/contract.ts';

const csv = (text: string, name = 'file.csv') => {
  const form = new FormData();
  form.set('file', new Blob([text], { type: 'text/csv' }), name);
  return form;
};

describe('back office access', () => {
  let t: TestApp;
  let adminApi: ApiClient;
  let freelancerApi: ApiClient;
  let impersonatingApi: ApiClient;
  let targetId: string;
  const unknown = '00000000-0000-4000-8000-000000000000';

  before(async () => {
    t = await createTestApp({ rateLimits: false });
    const admin = await confirmedUser(t, uniqueEmail('admin'));
    const other = await confirmedUser(t, uniqueEmail('admin2'));
    await t.sql(`update app_user set is_admin = true where id in ($1, $2)`, [admin.userId, other.userId]);
    adminApi = admin.api;
    const freelancer = await confirmedUser(t, uniqueEmail('freelancer'));
    freelancerApi = freelancer.api;
    targetId = (await confirmedUser(t, uniqueEmail('target'))).userId;
    impersonatingApi = other.api;
    assert.equal((await impersonatingApi.call('startImpersonation', { body: { userId: targetId } })).status, 200);
  });
  after(() => t.close());

  /** A well-formed request per operation (so only who asks decides), and what an admin gets for it. */
  const requests = (): Record<string, { options: () => CallOptions; admin: number }> => ({
    listUsers: { options: () => ({}), admin: 200 },
    getUser: { options: () => ({ params: { userId: targetId } }), admin: 200 },
    disableUser: { options: () => ({ params: { userId: targetId }, body: { reason: 'test' } }), admin: 200 },
    enableUser: { options: () => ({ params: { userId: targetId } }), admin: 200 },
    grantAdmin: { options: () => ({ params: { userId: unknown } }), admin: 404 },
    revokeAdmin: { options: () => ({ params: { userId: unknown } }), admin: 404 },
    listAuditEvents: { options: () => ({ query: { limit: 5 } }), admin: 200 },
    listApprovalQueue: { options: () => ({}), admin: 200 },
    getApprovalInvoice: { options: () => ({ params: { invoiceId: unknown } }), admin: 404 },
    getApprovalInvoicePdf: { options: () => ({ params: { invoiceId: unknown } }), admin: 404 },
    approveInvoice: { options: () => ({ params: { invoiceId: unknown }, body: {} }), admin: 404 },
    requestInvoiceChanges: {
      options: () => ({ params: { invoiceId: unknown }, body: { comment: 'Please add the date' } }),
      admin: 404,
    },
    listBlockedRecipients: { options: () => ({}), admin: 200 },
    blockRecipient: { options: () => ({ body: { kind: 'email_domain', value: 'access-test.example' } }), admin: 201 },
    updateBlockedRecipient: { options: () => ({ params: { entryId: unknown }, body: { reason: null } }), admin: 404 },
    unblockRecipient: { options: () => ({ params: { entryId: unknown } }), admin: 404 },
    listEInvoiceRecipients: { options: () => ({ query: { status: 'reachable' } }), admin: 200 },
    markEInvoiceRecipientReachable: { options: () => ({ params: { customerId: unknown }, body: {} }), admin: 404 },
    markEInvoiceRecipientUnreachable: { options: () => ({ params: { customerId: unknown } }), admin: 404 },
    listExchangeRates: { options: () => ({ query: { currency: 'EUR' } }), admin: 200 },
    setExchangeRate: {
      options: () => ({ params: { currency: 'EUR', date: '2026-01-05' }, body: { sekPerUnit: '11.1' } }),
      admin: 200,
    },
    importExchangeRates: {
      options: () => ({ form: csv('Date;SEKEURPMI\n2026-01-06;11.2\n') }),
      admin: 200,
    },
    listCampaignCodes: { options: () => ({}), admin: 200 },
    createCampaignCode: {
      options: () => ({ body: { code: `ACCESS${Date.now()}`, effect: { type: 'fee_rate', value: 3 } } }),
      admin: 201,
    },
    updateCampaignCode: { options: () => ({ params: { codeId: unknown }, body: { maxUses: 5 } }), admin: 404 },
    expireCampaignCode: { options: () => ({ params: { codeId: unknown } }), admin: 404 },
    listCampaignCodeUses: { options: () => ({ params: { codeId: unknown } }), admin: 404 },
    listDatedSettings: { options: () => ({}), admin: 200 },
    listLegacyImports: { options: () => ({}), admin: 200 },
    importLegacyRecords: {
      options: () => {
        const form = csv('email;number;recipient;paid;invoiceDate;dueDate;total\n');
        form.set('kind', 'invoices');
        return { form };
      },
      // A header and no records: read, nothing to import.
      admin: 400,
    },
  });

  test('the table covers every admin operation of the contract', () => {
    const adminOperations = [...moduleOperations.admin, 'listLegacyImports', 'importLegacyRecords'].sort();
    assert.deepEqual(Object.keys(requests()).sort(), adminOperations);
  });

  test('nobody logged in gets 401 from every admin operation', async () => {
    for (const [operationId, request] of Object.entries(requests())) {
      const res = await t.client().call(operationId as OperationId, request.options());
      assert.equal(res.status, 401, operationId);
    }
  });

  test('a freelancer gets 403 forbidden from every admin operation, and nothing changes', async () => {
    for (const [operationId, request] of Object.entries(requests())) {
      const res = await freelancerApi.call(operationId as OperationId, request.options());
      assert.equal(res.status, 403, `${operationId}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, 'forbidden', operationId);
    }
    const [user] = (await t.sql(`select disabled_at from app_user where id = $1`, [targetId])).rows;
    assert.equal(user.disabled_at, null);
  });

  test('an admin impersonating a user acts as that user: 403 from every admin operation', async () => {
    for (const [operationId, request] of Object.entries(requests())) {
      const res = await impersonatingApi.call(operationId as OperationId, request.options());
      assert.equal(res.status, 403, `${operationId}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, 'forbidden', operationId);
    }
  });

  test('an admin gets the answer of every admin operation', async () => {
    for (const [operationId, request] of Object.entries(requests())) {
      const res = await adminApi.call(operationId as OperationId, request.options());
      assert.equal(res.status, request.admin, `${operationId}: ${JSON.stringify(res.body)}`);
    }
  });
});
