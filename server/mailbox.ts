import type { Db } from './db.ts';
import { escapeHtml } from './http.ts';

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
