import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const screenshotDir = join(root, '.artifacts', 'screenshots');

export const PHONE = { width: 390, height: 844 } as const;

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  logs: string[];
  /** Stops the server; its data folder is removed unless `keepData` (to start it again on it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface StartOptions {
  /** Listen here instead of on a free port: a restart keeps the address the app was loaded from. */
  port?: number;
  /** Reuse this data folder (a restart) instead of a fresh one. */
  dataDir?: string;
}

/** Starts the BUILT server (`npm run build` first) on a free loopback port with a fresh data folder. */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const main = join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'meridian-e2e-'));
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // No built-in sample traders on the boards a test reads, unless the test asks for them.
      SAMPLE_STRATEGIES: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (b: Buffer) => logs.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => logs.push(b.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${logs.join('')}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    port,
    dataDir,
    logs,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * A fresh phone-sized context: its own storage, so every test starts as a new visitor. The app's
 * service worker is blocked unless a test asks for it (`serviceWorkers: 'allow'`): it would download
 * the whole precache in the background of every test, and a test about screens should see the
 * network, not a cache.
 */
export async function newPhone(
  browser: Browser,
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    serviceWorkers: options.serviceWorkers ?? 'block',
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
  // Every Content-Security-Policy violation the app causes is kept for expectAccessible to report:
  // the server's CSP refuses eval and inline script, and a violation is a console error users'
  // browsers log (and Lighthouse counts) even when the page still works.
  await context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const page = await context.newPage();
  return { context, page };
}

/** The back office is desktop first: a fresh 1440×900 context with the same CSP recorder. */
export const DESK = { width: 1440, height: 900 } as const;

export async function newDesk(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESK, serviceWorkers: 'block' });
  await context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

/**
 * Types the e-mail address into `fieldTestId` and taps "Send code" until the app has sent it: the
 * button then counts down its 60 s. A tap that sent nothing (the form answered "enter your e-mail"
 * because the field was empty under the tap, seen once in a loaded CI-like run right after the
 * page loaded) is tried again, at most three times, and what the page showed is printed.
 */
export async function requestCode(page: Page, fieldTestId: string, address: string): Promise<void> {
  const counting = (timeout = 10_000) =>
    page.waitForFunction(
      () => /\d/.test(document.querySelector('[data-testid="send-code"]')?.textContent ?? ''),
      undefined,
      { timeout },
    );
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId(fieldTestId).fill(address);
    await page.getByTestId('send-code').click();
    try {
      await counting();
      return;
    } catch (error) {
      // A disabled button is a request still in flight (or its countdown): the code was asked for,
      // and tapping again would only wait on a disabled button. Wait for its answer instead.
      if (await page.getByTestId('send-code').isDisabled()) {
        await counting(30_000);
        return;
      }
      const field = await page.getByTestId(fieldTestId).inputValue();
      const shown = await page.evaluate(() => (document.body.textContent ?? '').slice(0, 400));
      console.warn(`requestCode attempt ${attempt}: no countdown; field "${field}"; page: ${shown}`);
      if (attempt >= 3) throw error;
    }
  }
}
