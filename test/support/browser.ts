import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { infraScript } from './infra';

// A real browser for the tests: Debian's chromium, driven by playwright-core (its own browser
// downloads do not work here, see docs/conventions.md "Where tests go").

export const CHROMIUM = '/usr/bin/chromium';

/** Installs Debian's chromium when it is missing (as deploy/local/install.sh installs packages). */
export function ensureChromium(): void {
  if (!existsSync(CHROMIUM)) infraScript('install.sh', 'chromium');
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // root needs --no-sandbox; the rest keeps the browser from calling home during a test.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
