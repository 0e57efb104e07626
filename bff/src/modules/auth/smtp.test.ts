import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signUpBody, uniqueEmail } from './test-helpers.ts';
import { decodeHeader } from '../../../test/smtp-inbox.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Just enough MIME to read what nodemailer sends: headers, RFC 2047 words (decodeHeader), QP/base64 parts. */
function splitMessage(raw: string): { headers: Record<string, string>; body: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head!.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body: rest.join('\r\n\r\n') };
}

function decodeBody(body: string, encoding = ''): string {
  if (/quoted-printable/i.test(encoding)) {
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  }
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function parseMail(raw: string) {
  const { headers, body } = splitMessage(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts: Record<string, string> = {};
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitMessage(chunk.replace(/^\r?\n/, ''));
      const type = (part.headers['content-type'] ?? '').split(';')[0]!.trim();
      parts[type] = decodeBody(part.body, part.headers['content-transfer-encoding']);
    }
  }
  return { subject: decodeHeader(headers.subject ?? ''), from: headers.from ?? '', parts };
}

describe('email delivery over SMTP', () => {
  let t: TestApp;
  let server: SMTPServer;
  const received: Received[] = [];

  before(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, rateLimits: false });
  });
  after(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function delivered(to: string): Promise<Received> {
    await t.drainJobs();
    const mail = received.find((m) => m.to.includes(to));
    assert.ok(mail, `no message to ${to}; got ${received.map((m) => m.to).join(', ')}`);
    return mail;
  }

  test('the confirmation email arrives in Swedish by default, as HTML and plain text', async () => {
    const email = uniqueEmail('smtp-sv');
    assert.equal((await t.client().call('signUp', { body: signUpBody(email) })).status, 201);
    const mail = await delivered(email);
    assert.equal(mail.from, 'no-reply@frilo.se');
    const parsed = parseMail(mail.raw);
    assert.equal(parsed.subject, 'Bekräfta din e-postadress hos Frilo');
    const text = parsed.parts['text/plain']!;
    const html = parsed.parts['text/html']!;
    assert.ok(text && html, `parts: ${Object.keys(parsed.parts).join(', ')}`);
    assert.match(text, /Hej Anna!/);
    assert.match(text, new RegExp(`${t.config.publicUrl}/confirm/[0-9a-f-]{36}/[A-Za-z0-9_-]{43}`));
    assert.match(html, /<html lang="sv">/);
    assert.match(html, /Bekräfta e-postadressen/);
    // With SMTP configured, nothing lands in the development mailbox.
    const dev = await t.client().call('listDevMailbox', { query: { to: email } });
    assert.equal(dev.body.messages.length, 0);
  });

  test('a user who chose English gets it in English', async () => {
    const email = uniqueEmail('smtp-en');
    await t.client().call('signUp', { body: signUpBody(email, { preferredLocale: 'en', firstName: 'Emma' }) });
    const parsed = parseMail((await delivered(email)).raw);
    assert.equal(parsed.subject, 'Confirm your email address at Frilo');
    assert.match(parsed.parts['text/plain']!, /Hi Emma,/);
    assert.match(parsed.parts['text/html']!, /<html lang="en">/);
    assert.match(parsed.parts['text/html']!, /Confirm email address/);
  });
});
