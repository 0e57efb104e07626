// A real SMTP server on loopback for delivery tests, whose behaviour is chosen by the recipient's address:
// `refuse…@` answers 550 to RCPT TO, `busy…@` answers 451 the first two times (`always-busy…@` every time),
// `drop…@` cuts the connection in the
// middle of the first DATA, anything else is accepted. Only messages the server answered 250 to are kept, as a real
// server takes responsibility for a message only then.
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** performance.now() when the server accepted it. */
  at: number;
}

export interface SmtpInbox {
  url: string;
  received: ReceivedMail[];
  /** Messages to `address`. */
  to(address: string): ReceivedMail[];
  /** How many connections clients have opened, and how many are open now. */
  connections: { opened: number; open: number };
  /**
   * Called with each message's recipients before the server answers its DATA; may hold the answer back, or throw to
   * leave the message unanswered and not kept.
   */
  beforeAccept?: (to: string[]) => Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  const tries = new Map<string, number>();
  const count = (address: string) => {
    const n = (tries.get(address) ?? 0) + 1;
    tries.set(address, n);
    return n;
  };
  const inbox: SmtpInbox = {
    url: '',
    received,
    to: (address) => received.filter((mail) => mail.to.includes(address)),
    connections: { opened: 0, open: 0 },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onConnect(_session, callback) {
      inbox.connections.opened++;
      inbox.connections.open++;
      callback();
    },
    onClose() {
      inbox.connections.open--;
    },
    onRcptTo(address, _session, callback) {
      const to = address.address;
      if (to.startsWith('refuse')) {
        callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      if (to.startsWith('always-busy') || (to.startsWith('busy') && count(`rcpt:${to}`) <= 2)) {
        callback(Object.assign(new Error('4.3.2 Try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      const to = session.envelope.rcptTo.map((r) => r.address);
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          if (to.some((address) => address.startsWith('drop')) && count(`data:${to.join()}`) === 1) {
            // The connection dies before the server has said it took the message.
            (session as unknown as { socket?: { destroy(): void } }).socket?.destroy();
            for (const connection of (server as unknown as { connections: Set<{ _socket: { destroy(): void } }> })
              .connections) {
              if ((connection as unknown as { session: unknown }).session === session) connection._socket.destroy();
            }
            return;
          }
          try {
            await inbox.beforeAccept?.(to);
          } catch {
            // The hook decided this message is never answered (its client died).
            return;
          }
          received.push({ to, raw: Buffer.concat(chunks).toString('utf8'), at: performance.now() });
          callback();
        })();
      });
    },
  });
  // A client that goes away mid-conversation (a BFF process the kill tests SIGKILL while it sends) makes the server
  // emit 'error' (ECONNRESET); without a listener that is an uncaught exception that fails whichever test file runs.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  inbox.url = `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return inbox;
}

/** A header with RFC 2047 encoded words decoded (`=?UTF-8?Q?...?=`). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The parts of a MIME message by content type (base64 and quoted-printable decoded), nested multiparts flattened. */
export function mimeParts(raw: string): { headers: Record<string, string>; parts: { type: string; body: Buffer }[] } {
  const split = (text: string) => {
    const [head, ...rest] = text.split(/\r?\n\r?\n/);
    const headers: Record<string, string> = {};
    for (const line of (head ?? '').replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
      const i = line.indexOf(':');
      if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
    }
    return { headers, body: rest.join('\r\n\r\n') };
  };
  const parts: { type: string; body: Buffer }[] = [];
  const walk = (text: string) => {
    const { headers, body } = split(text);
    const type = (headers['content-type'] ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
    if (type.startsWith('multipart/') && boundary) {
      for (const chunk of body.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        walk(chunk.replace(/^\r?\n/, ''));
      }
      return;
    }
    const encoding = headers['content-transfer-encoding'] ?? '';
    let decoded: Buffer;
    if (/base64/i.test(encoding)) decoded = Buffer.from(body.replace(/\s+/g, ''), 'base64');
    else if (/quoted-printable/i.test(encoding))
      decoded = Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      );
    else decoded = Buffer.from(body, 'utf8');
    parts.push({ type, body: decoded });
  };
  walk(raw);
  return { headers: split(raw).headers, parts };
}
