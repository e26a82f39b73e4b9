// Makes sure Debian's Chromium is present for the end-to-end tests. Test tools cannot download
// browsers on these machines, so the system package is the only source.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install Debian's package: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
  }
  console.log('Installing Debian chromium (one time)…');
  try {
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
      {
        stdio: 'inherit',
      },
    );
  } catch {
    throw new Error(
      'apt-get could not install chromium; install it by hand: apt-get install -y chromium',
    );
  }
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`chromium installed but not at ${CHROMIUM_PATH}`);
  return CHROMIUM_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
