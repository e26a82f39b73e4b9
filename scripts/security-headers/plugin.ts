// Writes dist/_headers once the pages are final: the pre-render step and the PWA plugin have
// written every HTML file by then, so the hashes of their inline scripts can go into the CSP.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { z } from 'zod';
import { appHeaderRules, formatHeadersFile } from '../../server/security-headers.ts';

const scriptElement = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const executableTypes = new Set(['', 'module', 'text/javascript', 'application/javascript']);
const inlineHandler = /<[a-z][^>]*\son[a-z]+\s*=/i;

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(
    `(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`,
    'i',
  ).exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/**
 * The CSP sources (`sha256-…`) of the scripts written inline in `html`. Data blocks such as
 * JSON-LD are never executed, so they need none.
 */
export function inlineScriptHashes(html: string): string[] {
  if (inlineHandler.test(html)) {
    throw new Error('An inline event handler attribute cannot be allowed by a hash; use a script');
  }
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(scriptElement)) {
    if (attribute(attributes, 'src') !== undefined) continue;
    const type = (attribute(attributes, 'type') ?? '').trim().toLowerCase();
    if (!executableTypes.has(type)) continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => join(dir, file));
}

export function securityHeaders(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'bimaguide:security-headers',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        // The pre-render step's nested server build loads this same config.
        if (config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        const scriptHashes = htmlFiles(outDir).flatMap((file) =>
          inlineScriptHashes(readFileSync(file, 'utf8')),
        );
        const apiUrl = z.string().optional().parse(config.env.VITE_SUPABASE_URL);
        writeFileSync(
          join(outDir, '_headers'),
          formatHeadersFile(appHeaderRules({ apiUrl, scriptHashes })),
        );
      },
    },
  };
}
