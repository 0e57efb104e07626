// Send-to-delivered latency through the job queue: the real product with an embedded PostgreSQL, a real SMTP server on
// loopback, the demo freelancer's invoices sent one at a time (latency) and fifty at once (throughput).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../bff/test/test-app.ts';
import { decodeHeader, mimeParts, startSmtpInbox } from '../bff/test/smtp-inbox.ts';
import { BFF_COMMAND, startProduct } from './lib.ts';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function benchSending(): Promise<Record<string, string | number>[]> {
  const smtp = await startSmtpInbox();
  const dataDir = await mkdtemp(join(tmpdir(), 'frilo-bench-sending-'));
  const product = await startProduct(BFF_COMMAND, {
    DATA_DIR: dataDir,
    RATE_LIMITS: 'false',
    SMTP_URL: smtp.url,
  });
  try {
    const api = new ApiClient(product.url);
    await api.call('login', { body: { email: 'demo@example.com', password: 'demo-password' } });
    const customer = await api.call('createCustomer', {
      body: {
        type: 'organization',
        name: 'Bänkkund AB',
        governmentId: '5560360793',
        contactPersonEmail: 'kontakt@bank.example',
        email: 'ap@bank.example',
        invoiceLanguage: 'sv',
        address: { streetName: 'Testgatan 1', postalCode: '11122', city: 'Stockholm', country: 'SE' },
      },
    });
    const draft = async () =>
      (
        await api.call('createInvoice', {
          body: {
            recipientId: customer.body.id,
            rows: [{ description: 'Konsulttjänst', unitPrice: 95_000, quantity: 8, unit: 'hour', vatPercentage: 25 }],
          },
        })
      ).body.id as string;
    // Each received message is read once; waiting is a lookup (the bench must not eat the CPU it measures).
    const arrived = new Map<number, number>();
    let read = 0;
    const deliveredAt = async (number: number): Promise<number> => {
      for (;;) {
        for (; read < smtp.received.length; read++) {
          const mail = smtp.received[read]!;
          const subject = decodeHeader(mimeParts(mail.raw).headers.subject ?? '');
          const match = /^Faktura (\d+) /.exec(subject);
          if (match) arrived.set(Number(match[1]), mail.at);
        }
        const at = arrived.get(number);
        if (at !== undefined) return at;
        await new Promise((r) => setTimeout(r, 10));
      }
    };

    const latencies: number[] = [];
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) {
      const id = await draft();
      const started = performance.now();
      const sent = await api.call('sendInvoice', { params: { invoiceId: id } });
      answers.push(performance.now() - started);
      latencies.push((await deliveredAt(sent.body.number as number)) - started);
    }
    latencies.sort((a, b) => a - b);
    answers.sort((a, b) => a - b);

    const burst = await Promise.all(Array.from({ length: 50 }, draft));
    const started = performance.now();
    const numbers = (await Promise.all(burst.map((id) => api.call('sendInvoice', { params: { invoiceId: id } })))).map(
      (r) => r.body.number as number,
    );
    const answered = performance.now();
    const last = Math.max(...(await Promise.all(numbers.map(deliveredAt))));
    const burstSeconds = (last - started) / 1000;
    return [
      { measure: 'sendInvoice answered, p50', value: Math.round(percentile(answers, 0.5)), unit: 'ms' },
      {
        measure: 'send → accepted by SMTP, p50 (one at a time)',
        value: Math.round(percentile(latencies, 0.5)),
        unit: 'ms',
      },
      { measure: 'send → accepted by SMTP, p95', value: Math.round(percentile(latencies, 0.95)), unit: 'ms' },
      { measure: '50 invoices sent at once: all answered', value: Math.round(answered - started), unit: 'ms' },
      { measure: '50 invoices sent at once: all delivered', value: Math.round(burstSeconds * 1000), unit: 'ms' },
      { measure: '50 at once: throughput', value: Math.round((50 / burstSeconds) * 10) / 10, unit: 'invoices/s' },
    ];
  } finally {
    await product.stop();
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.table(await benchSending());
