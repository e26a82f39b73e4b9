import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GOTRUE_DEFAULTS, loadAuthConfig, parseGoDuration, resolveAuthConfig } from './config.ts';

const dirs: string[] = [];
function configFile(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-config-'));
  dirs.push(dir);
  const file = path.join(dir, 'config.toml');
  fs.writeFileSync(file, text);
  return file;
}

afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  delete process.env.AUTH_CONFIG_TEST_SITE;
});

describe('Go durations (max_frequency)', () => {
  it.each([
    ['1m0s', 60],
    ['1s', 1],
    ['90s', 90],
    ['1.5h', 5400],
    ['2h45m', 9900],
    ['500ms', 0.5],
    ['0', 0],
  ])('%s is %d seconds', (text, seconds) => {
    expect(parseGoDuration(text)).toBe(seconds);
  });

  it.each(['', '60', '1 m', 'm', '-1s', '1d'])('%j is not a duration', (text) => {
    expect(parseGoDuration(text)).toBeNull();
  });
});

describe('supabase/config.toml', () => {
  it("the project's file gives its site URL, allow-list and GoTrue's limits", () => {
    const c = loadAuthConfig(path.resolve('supabase/config.toml'));
    expect(c.siteUrl).toBe('http://localhost:4173');
    expect(c.additionalRedirectUrls).toContain('http://localhost:4173/password-reset');
    expect(c.rateLimits).toEqual(GOTRUE_DEFAULTS.rateLimits);
  });

  it('reads env(NAME) values and the per-key limits', () => {
    process.env.AUTH_CONFIG_TEST_SITE = 'https://bima.example';
    const c = loadAuthConfig(
      configFile(`[auth]
site_url = "env(AUTH_CONFIG_TEST_SITE)"
additional_redirect_urls = ["https://*.bima.example/**"]
[auth.rate_limit]
sign_in_sign_ups = 5
email_sent = 2
[auth.email]
max_frequency = "5s"
`),
    );
    expect(c.siteUrl).toBe('https://bima.example');
    expect(c.rateLimits).toMatchObject({
      signInSignUps: 5,
      emailSent: 2,
      emailMaxFrequencySeconds: 5,
      tokenRefresh: 150,
    });
  });

  it.each([
    ['an unset env()', '[auth]\nsite_url = "env(AUTH_CONFIG_TEST_UNSET)"\n'],
    ['a negative limit', '[auth.rate_limit]\nsign_in_sign_ups = -1\n'],
    ['a bad duration', '[auth.email]\nmax_frequency = "soon"\n'],
  ])('refuses %s, naming the key', (_name, text) => {
    expect(() => loadAuthConfig(configFile(text))).toThrow(/auth\./);
  });

  it('a missing file means GoTrue defaults; server options override the file', () => {
    const missing = path.join(os.tmpdir(), 'no-such-dir', 'config.toml');
    expect(loadAuthConfig(missing)).toEqual(GOTRUE_DEFAULTS);
    const c = resolveAuthConfig(missing, {
      siteUrl: 'https://x.example',
      redirectAllowList: ['https://y.example/**'],
      rateLimits: { signInSignUps: 3, tokenRefresh: undefined },
    });
    expect(c.siteUrl).toBe('https://x.example');
    expect(c.additionalRedirectUrls).toEqual(['https://y.example/**']);
    expect(c.rateLimits.signInSignUps).toBe(3);
    expect(c.rateLimits.tokenRefresh).toBe(150);
  });
});
