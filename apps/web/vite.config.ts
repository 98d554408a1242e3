import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { inlineStartupCss } from './scripts/inline-startup-css.ts';
import { kitChunk } from './scripts/kit-chunk.ts';
import { splitEnglish } from './scripts/split-english.ts';
import { startupChunk } from './scripts/startup-chunk.ts';

// The API server the dev server forwards to; `npm start` serves the built app from that server itself.
const API_TARGET = process.env.MERIDIAN_API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * What every screen runs on, in one long-cached file instead of a dozen small ones: the first screen
 * needs all of it, and over HTTP/1.1 each extra file costs a phone a round trip.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/;

const STARTUP = startupChunk({
  entry: /[\\/]src[\\/]main\.tsx$/,
  firstScreen: /[\\/]src[\\/]features[\\/]home[\\/]HomeScreen\.tsx$/,
  own: /[\\/]apps[\\/]web[\\/]src[\\/][^?]*\.tsx?$/,
  also: new RegExp(
    [
      String.raw`[\\/]packages[\\/]contract[\\/]src[\\/](?:languages|socket-constants|market-constants|errors|digits|api[\\/][\w.-]+)\.ts$`,
      String.raw`[\\/]antd-mobile[\\/]es[\\/](?:locales[\\/](?:base|en-US)|utils[\\/](?:merge-locale|can-use-dom|native-props|with-default-props))\.js$`,
      String.raw`[\\/]node_modules[\\/](?:tslib|classnames)[\\/]`,
      String.raw`[\\/]apps[\\/]web[\\/]src[\\/]i18n[\\/]locales[\\/]en\.json$`,
      String.raw`^\0vite[\\/]preload-helper`,
      String.raw`[\\/]src[\\/]features[\\/]markets[\\/]markets\.css$`,
    ].join('|'),
  ),
});

/**
 * What /trade's first paint needs besides the framework and the startup chunk (the order form's
 * maths with decimal.js, the trading queries, its icons, the spinner), in one file with one
 * stylesheet: split automatically it was 12 scripts and 4 stylesheets, each a round trip on a
 * phone before the form could paint. The screens that share them (orders, history) load it too.
 */
const TRADE = startupChunk({
  entry: /[\\/]src[\\/]features[\\/]trade[\\/]TradeScreen\.tsx$/,
  firstScreen: /[\\/]src[\\/]features[\\/]trade[\\/]TradeScreen\.tsx$/,
  own: /[\\/]apps[\\/]web[\\/]src[\\/][^?]*\.tsx?$/,
  also: new RegExp(
    [
      String.raw`[\\/]node_modules[\\/]decimal\.js[\\/]`,
      String.raw`[\\/]packages[\\/]trading[\\/]src[\\/]`,
      String.raw`[\\/]packages[\\/]contract[\\/]src[\\/]trading-constants\.ts$`,
      String.raw`[\\/]antd-mobile-icons[\\/]es[\\/](?:AddOutline|MinusOutline|DownFill|UnorderedListOutline)\.js$`,
      String.raw`[\\/]src[\\/](?:features[\\/]trade[\\/]trade|features[\\/]trading[\\/]trading|lib[\\/]spinner)\.css$`,
    ].join('|'),
  ),
});

/** The entry and the screens a first visit opens: they never load the kit (kit-chunk.ts). */
const FIRST_SCREENS = [
  /[\\/]src[\\/]main\.tsx$/,
  /[\\/]src[\\/]features[\\/](?:home[\\/]HomeScreen|trade[\\/]TradeScreen|auth[\\/]LoginScreen)\.tsx$/,
];
const STRATEGIES_SCREEN = /[\\/]src[\\/]features[\\/]follow[\\/]StrategiesScreen\.tsx$/;

/**
 * What the documentary tab's first paint needs besides the framework and the startup chunk: copy
 * trading's shared parts and plain constants (FOLLOW), and the two antd-mobile parts it draws, the
 * loading skeleton and the empty state, with what they run on (STATES, a file of their own, which
 * Orders and Mine load too, not the kit). With the whole kit and the contract's schemas the tab
 * loaded 250 KB of JavaScript in 14 files, a third of it never run there. It is a tab of the bottom
 * bar, opened first as often as Orders or Mine.
 */
const FOLLOW = startupChunk({
  entry: STRATEGIES_SCREEN,
  firstScreen: STRATEGIES_SCREEN,
  own: /[\\/]apps[\\/]web[\\/]src[\\/][^?]*\.tsx?$/,
  also: /[\\/]packages[\\/]contract[\\/]src[\\/]follow-constants\.ts$/,
});
const STATES = kitChunk({
  seeds: /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/](?:error-block|skeleton)[\\/]/,
  leaveOut: FIRST_SCREENS,
});

/**
 * antd-mobile's components and what they run on (react-spring, the gesture library, ahooks, icons),
 * as far as only the later screens use them: one file for Orders, Mine and copy
 * trading instead of some thirty. The first screens and the documentary tab keep their own files
 * (see kit-chunk.ts).
 */
const KIT = kitChunk({
  // Not the photo picker, the photo viewer, swipe actions or the result page: only the identity check
  // and the payment methods' screens use them (about a fifth of the kit), and they keep files of their own.
  seeds:
    /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/](?:components[\\/](?!(?:image-uploader|image-viewer|swipe-action|result-page)[\\/])|utils[\\/])/,
  leaveOut: [...FIRST_SCREENS, STRATEGIES_SCREEN],
});

/**
 * React Router 7's package exports only its development build, whose dev warnings
 * (`ENABLE_DEV_WARNINGS = true`) cannot be dropped by minifying; the same package ships the
 * production build beside it (identical but for that switch). The app build takes that one.
 */
const REACT_ROUTER_PRODUCTION = (() => {
  const development = createRequire(import.meta.url).resolve('react-router');
  const production = development.replace(
    /([\\/]dist[\\/])development([\\/]index)\.m?js$/,
    '$1production$2.mjs',
  );
  if (production === development)
    throw new Error(`react-router's production build not found beside ${development}`);
  return production;
})();

/** Server paths a navigation must reach for real, never answered with the cached app. */
const SERVER_PATHS = [/^\/api\//, /^\/v1\//, /^\/healthz/, /^\/metrics/, /^\/docs/];

export default defineConfig(({ command }) => ({
  plugins: [
    splitEnglish(),
    react(),
    STARTUP.plugin,
    TRADE.plugin,
    FOLLOW.plugin,
    STATES.plugin,
    KIT.plugin,
    inlineStartupCss(),
    VitePWA({
      // main.tsx registers the worker itself, after the page's load event (lib/service-worker.ts).
      injectRegister: false,
      // A new worker takes over at once; the precache it brings is complete, so no page is left
      // half-old (the previous files stay on the server until the next deploy replaces them).
      registerType: 'autoUpdate',
      manifest: {
        name: 'Meridian',
        short_name: 'Meridian',
        description: 'Live prices, charts and trading for forex, metals, indices and crypto.',
        id: './',
        start_url: './',
        scope: './',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#1f5eff',
        categories: ['finance'],
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell and every hashed file (all languages and screens), so an installed app starts
        // and moves between screens offline; the instrument logos too. Nothing else is cached:
        // there is deliberately no `runtimeCaching`, so no API answer (account data) is ever
        // stored, and the socket does not go through a service worker at all.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/node_modules/**', 'content/**'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: SERVER_PATHS,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        // One file less to fetch (and to keep in sync): the Workbox runtime goes inside sw.js.
        inlineWorkboxRuntime: true,
        // The precache is fetched with the server's compression; the biggest file is the chart library.
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
  ],
  // Workspace packages are consumed as TypeScript source, so no package build is needed in dev.
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [],
  },
  // Relative asset URLs let the same build be served from any path prefix.
  base: './',
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/v1': { target: API_TARGET, changeOrigin: true, ws: true },
      '/healthz': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/bundle-budget.mjs tell the initial chunks from the lazy ones.
    manifest: true,
    // ES2022: class private fields and methods run as they are. Under es2020 every `#field` of
    // TanStack Query and the rest became a WeakMap and a helper call (61 WeakMaps in the framework
    // chunk, the helpers in a chunk of their own that / had to load). Phones from 2021 on (iOS 15,
    // Chrome 94) run all of ES2022 that the bundle uses: none of its code has a class static block
    // (Safari 16.4), and naming 'safari15' here lowered every class field again to handle those.
    target: 'es2022',
    // Vite's default modulepreload stays: <link rel="modulepreload"> for the entry's imports in
    // index.html, and for a lazy chunk's imports when it is requested, so files download side by side.
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 4 },
            // What `/` needs besides the framework, in one file instead of a dozen small ones.
            { name: 'startup', test: STARTUP.captures, priority: 3 },
            // What /trade's first paint needs besides those two.
            { name: 'trading', test: TRADE.captures, priority: 2 },
            // What the documentary tab's first paint needs besides those (not what /trade's takes).
            { name: 'follow', test: FOLLOW.captures, priority: 1 },
            // The loading skeleton and the empty state, which the documentary tab, Orders and Mine draw.
            { name: 'states', test: STATES.captures, priority: 1 },
            // antd-mobile's parts that only the later screens use.
            { name: 'kit', test: KIT.captures },
            // The trade chart and copy trading's growth chart share the chart library: one chunk of
            // its own, loaded by whichever opens first, never by the first screen. With its canvas
            // helper (fancy-canvas) and the axis labels both charts use: left out, those two were
            // split into a chunk of their own that imported the library's chunk while the library's
            // imported it back, and whichever evaluated first read the other's exports undefined.
            {
              name: 'charts',
              test: /[\\/]node_modules[\\/](lightweight-charts|fancy-canvas)[\\/]|[\\/]features[\\/]trade[\\/]tick-marks\.ts$/,
            },
          ],
        },
      },
    },
  },
}));
