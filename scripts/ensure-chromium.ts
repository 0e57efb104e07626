// The end-to-end tests drive Debian's Chromium headless shell (tools/testing/chromium.ts). Installs it with apt when
// missing and we are root; otherwise says what to do.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH } from '../tools/testing/chromium.ts';

if (!existsSync(CHROMIUM_PATH)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it: sudo apt-get install -y ${CHROMIUM_PACKAGE} (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian ${CHROMIUM_PACKAGE} for the end-to-end tests …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', CHROMIUM_PACKAGE], {
    stdio: 'inherit',
    env,
  });
}
