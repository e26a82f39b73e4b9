import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { Db } from './db.ts';
import { escapeHtml, sendJson, sendRaw } from './http.ts';

export interface Mail {
  id: number;
  to: string;
  subject: string;
  kind: 'confirmation' | 'recovery' | 'magiclink' | 'invite';
  text: string;
  link: string | null;
  createdAt: string;
}

/** Stand-in for the SMTP server: every mail is kept so developers and tests can follow links. */
export class Mailbox {
  private readonly list: Mail[] = [];
  private nextId = 1;
  constructor(private readonly db: Db) {}

  async send(m: Omit<Mail, 'id' | 'createdAt'>): Promise<Mail> {
    const mail: Mail = { ...m, id: this.nextId++, createdAt: new Date().toISOString() };
    this.list.push(mail);
    try {
      await this.db.query(
        `insert into local_dev.mail (to_email, subject, kind, body_text, link) values ($1, $2, $3, $4, $5)`,
        [m.to, m.subject, m.kind, m.text, m.link],
      );
    } catch {
      // The in-memory copy is what the dev pages read; persistence is best effort.
    }
    return mail;
  }

  all(): Mail[] {
    return [...this.list];
  }

  html(): string {
    const rows = [...this.list]
      .reverse()
      .map(
        (m) => `<li><p><strong>${escapeHtml(m.subject)}</strong> → ${escapeHtml(m.to)}
          <small>(${escapeHtml(m.kind)}, ${escapeHtml(m.createdAt)})</small></p>
          <pre>${escapeHtml(m.text)}</pre>
          ${m.link ? `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>` : ''}</li>`,
      )
      .join('\n');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
li{border-bottom:1px solid #ddd;padding:.5rem 0;list-style:none}pre{white-space:pre-wrap}</style></head>
<body><h1>Local dev mailbox</h1><p>Mails the local server would have sent. Not a real mail service.</p>
<ul>${rows || '<li>No mail yet.</li>'}</ul></body></html>`;
  }
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (how a dual-stack socket reports 127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(.+)$/i.exec(address)?.[1];
  const v4 = mapped ?? address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  // The URL parser writes every spelling of an IPv6 address the same way (and refuses zone ids).
  return isIP(address) === 6 && URL.parse(`http://[${address}]`)?.hostname === '[::1]';
}

function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

export interface MailboxAccessOptions {
  /** Off: every mailbox path answers 404 as an unknown route does. */
  enabled: boolean;
  /** The one origin whose pages may read the mailbox cross-origin (the site URL). */
  siteUrl: string;
  /** The address the API binds to; a request naming it in Host is not a rebinding attempt. */
  host: string;
}

const MAILBOX_PATHS = new Set(['/_dev/mail', '/_dev/mail.json']);

/**
 * The dev mailbox holds live sign-in and password-reset links, so it answers only a browser or
 * tool on this machine: a loopback client that asked for a loopback (or the bound) host name,
 * which also turns away DNS-rebinding pages; and only the site's own origin may read it
 * cross-origin.
 */
export function mailboxRoute(mailbox: Mailbox, options: MailboxAccessOptions) {
  const siteOrigin = new URL(options.siteUrl).origin;
  const hostAllowed = (req: IncomingMessage): boolean => {
    let name: string;
    try {
      name = new URL(`http://${req.headers.host ?? ''}`).hostname.replace(/^\[|\]$/g, '');
    } catch {
      return false;
    }
    const bound = !['0.0.0.0', '::'].includes(options.host) && name === options.host;
    return bound || isLoopbackName(name);
  };
  return {
    matches: (path: string): boolean => MAILBOX_PATHS.has(path),
    handle(req: IncomingMessage, res: ServerResponse, path: string, method: string): void {
      const allowed =
        options.enabled && isLoopbackAddress(req.socket.remoteAddress) && hostAllowed(req);
      if (!allowed || !['GET', 'HEAD', 'OPTIONS'].includes(method)) {
        sendJson(res, 404, { message: 'no Route matched with those values' });
        return;
      }
      res.setHeader('Vary', 'Origin');
      if (req.headers.origin === siteOrigin) {
        res.setHeader('Access-Control-Allow-Origin', siteOrigin);
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      }
      if (method === 'OPTIONS') {
        res.writeHead(204);
        res.end();
        return;
      }
      const headOnly = method === 'HEAD';
      if (path === '/_dev/mail.json') {
        const body = JSON.stringify(mailbox.all());
        sendRaw(res, 200, body, { 'Content-Type': 'application/json; charset=utf-8' }, headOnly);
        return;
      }
      sendRaw(res, 200, mailbox.html(), { 'Content-Type': 'text/html; charset=utf-8' }, headOnly);
    },
  };
}
