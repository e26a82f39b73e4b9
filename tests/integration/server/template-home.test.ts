import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pruneTemplateHome, TEMPLATE_UNUSED_MS, touchTemplate } from '../../../server/pglite-db.ts';

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) fs.rmSync(home, { recursive: true, force: true });
});

function homeWith(entries: Record<string, number>): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'bimaguide-template-home-'));
  homes.push(home);
  for (const [name, ageMs] of Object.entries(entries)) {
    const dir = path.join(home, name);
    fs.mkdirSync(path.join(dir, 'pglite'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'READY'), '');
    const when = new Date(Date.now() - ageMs);
    fs.utimesSync(dir, when, when);
  }
  return home;
}

describe('the kept database templates', () => {
  it('lose those nobody used for days when a new one is made, and keep the rest', () => {
    const day = 24 * 60 * 60 * 1000;
    const home = homeWith({
      'template-1-old': TEMPLATE_UNUSED_MS + day,
      'template-2-current': day,
      'prepared-1-old-schema': TEMPLATE_UNUSED_MS + 1000,
      'prepared-2-current': 0,
      'build-crashed': TEMPLATE_UNUSED_MS + day,
      'someone-elses-file': TEMPLATE_UNUSED_MS + day,
    });
    pruneTemplateHome(home);
    expect(fs.readdirSync(home).sort()).toEqual([
      'prepared-2-current',
      'someone-elses-file',
      'template-2-current',
    ]);
  });

  it('count as used when a test run takes one, however old it is', () => {
    const home = homeWith({ 'template-1-kept': TEMPLATE_UNUSED_MS * 2 });
    touchTemplate(path.join(home, 'template-1-kept'));
    pruneTemplateHome(home);
    expect(fs.readdirSync(home)).toEqual(['template-1-kept']);
  });
});
