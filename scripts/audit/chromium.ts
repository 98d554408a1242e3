import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface DebuggableChromium {
  /** The DevTools port on 127.0.0.1, for Lighthouse. */
  port: number;
  /** The browser's DevTools WebSocket, for playwright-core's connectOverCDP. */
  wsEndpoint: string;
  close(): Promise<void>;
}

/** The same flags as e2e/harness.ts, plus headless and a DevTools port chosen by Chromium itself. */
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--remote-debugging-address=127.0.0.1',
  '--remote-debugging-port=0',
];

/**
 * Starts Debian's Chromium with a DevTools port and a throw-away profile. Lighthouse opens its own
 * tab in it; one profile means a login made in one tab is seen by the next (the demo run needs it).
 */
export async function startChromium(
  executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
): Promise<DebuggableChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'meridian-audit-chromium-'));
  const child: ChildProcess = spawn(executable, [...FLAGS, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const wsEndpoint = await new Promise<string>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          child.stderr?.off('data', read);
          resolve(match[1]);
        }
      };
      child.stderr?.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${code}):\n${output}`));
      });
    });
    // Keep reading so a chatty Chromium never blocks on a full pipe.
    child.stderr?.resume();
    const port = Number(new URL(wsEndpoint).port);
    return { port, wsEndpoint, close };
  } catch (error) {
    await close();
    throw error;
  }
}
