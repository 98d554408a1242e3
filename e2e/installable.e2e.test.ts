import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhone, type RunningServer, screenshot, startServer } from './harness.js';

const WAIT = { timeout: 60_000 } as const;

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

/** A PNG's width and height, from its IHDR chunk (bytes 16–23). */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('the app installs and starts offline', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('links a web manifest a phone can install from: name, standalone, start URL, any and maskable icons', async () => {
    const { context, page } = await newPhone(browser);
    await page.goto(`${server.baseUrl}/#/`);
    const href = await page.evaluate(() =>
      document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
    );
    expect(href).toBeTruthy();
    const manifestUrl = new URL(href as string, `${server.baseUrl}/`);
    const res = await fetch(manifestUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await res.json()) as WebManifest;
    expect(manifest).toMatchObject({ name: 'Meridian', short_name: 'Meridian', display: 'standalone' });
    expect(new URL(manifest.start_url, manifestUrl).href).toBe(`${server.baseUrl}/`);
    expect(new URL(manifest.scope, manifestUrl).href).toBe(`${server.baseUrl}/`);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    for (const purpose of ['any', 'maskable']) {
      const sizes = manifest.icons.filter((i) => (i.purpose ?? 'any') === purpose).map((i) => i.sizes);
      expect(sizes, purpose).toEqual(expect.arrayContaining(['192x192', '512x512']));
    }
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, manifestUrl));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      const { width, height } = pngSize(new Uint8Array(await image.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    await context.close();
  });

  it('registers a service worker that starts the app offline and keeps no API answer', async () => {
    const { context, page } = await newPhone(browser, { serviceWorkers: 'allow' });
    await page.goto(`${server.baseUrl}/#/`);
    await page.getByTestId('market-list').waitFor({ state: 'visible', ...WAIT });
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const active = registration.active as ServiceWorker;
      // `ready` resolves once there is an active worker, possibly still activating.
      if (active.state !== 'activated') {
        await new Promise((done) =>
          active.addEventListener('statechange', () => active.state === 'activated' && done(null)),
        );
      }
      return { scope: registration.scope, state: active.state, script: active.scriptURL };
    });
    expect(worker).toEqual({
      scope: `${server.baseUrl}/`,
      state: 'activated',
      script: `${server.baseUrl}/sw.js`,
    });
    // clientsClaim: the page that registered it is already served by it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, WAIT);

    // No network at all: the app still starts, from the precache, and says it is offline.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('tabbar').waitFor({ state: 'visible', ...WAIT });
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="connection-banner"]')?.getAttribute('data-reason') ===
        'offline',
      null,
      WAIT,
    );
    await screenshot(page, 'installable-offline-start');

    // The caches hold the app's files and nothing of the API (account data is never stored).
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => path.startsWith('/assets/') && path.endsWith('.js'))).toBe(true);
    expect(cached.filter((path) => /^\/(api|v1|healthz)\b/.test(path))).toEqual([]);
    await context.setOffline(false);
    await context.close();
  });

  it('serves the built files precompressed, hashed ones cached for a year, the worker revalidated', async () => {
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    const entry = /<script type="module" crossorigin src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    const script = await fetch(`${server.baseUrl}/${entry}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(script.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A script is not a document: it keeps nosniff and CORP, not the page's CSP or framing rules.
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(script.headers.get('content-security-policy')).toBeNull();
    expect(script.headers.get('x-frame-options')).toBeNull();
    const worker = await fetch(`${server.baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    // The CSP lets the worker and the manifest load from here.
    const csp = worker.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
