/**
 * zod 4 compiles object parsers with `new Function` when eval is allowed, and probes for that
 * first; the server's CSP forbids eval, so the probe logs a CSP violation (an issue Lighthouse's
 * best practices count) in every chunk that parses. zod keeps its configuration on
 * `globalThis.__zod_globalConfig` (shared by every copy of zod, and kept when already set), so
 * setting `jitless` here, before any chunk loads zod, stops the probe without pulling zod into the
 * first screen's bundle. The interpreted parser is plenty fast for what the app parses.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
