// `npm test`: every check the project has, in order, ending in one "N passed, N failed" line.
// All steps run even when an early one fails, so one run shows everything that is wrong.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const tmp = mkdtempSync(join(tmpdir(), 'bimaguide-test-'));
let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args, extraEnv = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
  });
  return result.status === 0;
}

function stepAside(label, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ label, output: `${output}${error}\n`, ok: false }));
    child.on('close', (code) => resolve({ label, output, ok: code === 0 }));
  });
}

function vitest(label, projects) {
  const out = join(tmp, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${out}`);
  const ok = run(label, 'npx', args);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    if ((report.numFailedTests ?? 0) > 0) failures.push(label);
    // A suite that fails to load has no failed tests, yet the run is red.
    if (!ok && (report.numFailedTests ?? 0) === 0) {
      failed += 1;
      failures.push(`${label} (suite error)`);
    }
  } else if (!ok) {
    failed += 1;
    failures.push(label);
  }
}

let chromiumReady = true;
try {
  ensureChromium();
} catch (error) {
  chromiumReady = false;
  console.error(String(error));
}

// The three static checks are single-threaded and independent: side by side they take the
// time of the longest (CI has two cores and a 30-minute limit). Each one's output is printed
// whole, in this order, once all have finished.
await Promise.all([
  stepAside('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  stepAside('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
  stepAside('format', 'npx', ['prettier', '--check', '.']),
]).then((results) => {
  for (const { label, output, ok } of results) {
    console.log(`\n▶ ${label}`);
    process.stdout.write(output);
    if (!ok) {
      failed += 1;
      failures.push(label);
    }
  }
});
vitest('unit and integration tests', ['unit', 'domain', 'integration']);
// The end-to-end suite's global setup makes the production build (against its own local API)
// and fails the suite when it breaks, so a separate build here would only cost a minute more.
if (!chromiumReady) {
  failed += 1;
  failures.push('end-to-end tests (no chromium)');
} else {
  vitest('end-to-end tests (production build included)', ['e2e']);
}

console.log('');
if (failures.length > 0) console.log(`Failed: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
