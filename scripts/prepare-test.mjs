// Runs before `npm test` (plain Node, no dependencies): what a fresh clone lacks for the whole suite.
// - No node_modules: installs them (`npm install`, the lockfile pins the versions).
// - No Chromium for the browser tests (CHROMIUM_PATH, default Debian's /usr/bin/chromium): installs
//   Debian's package when this is root on Debian, or stops at once with the exact command to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

if (!existsSync(join(root, 'node_modules', '.bin', 'vitest'))) {
  console.log('prepare-test: no node_modules yet, running npm install');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const command = 'apt-get update && apt-get install -y chromium';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`prepare-test: ${chromium} is missing, installing Debian's chromium (${command})`);
    run('apt-get', ['update', '-qq']);
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `prepare-test: the browser tests need Chromium at ${chromium}.\n` +
        `  Install it with: sudo sh -c '${command}'\n` +
        '  or point CHROMIUM_PATH at a Chromium binary.',
    );
    process.exit(1);
  }
}
