import type { Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload">` to index.html for the home screen's chunk and the chunks it
 * imports, and a style preload for its stylesheet. main.tsx asks for the first screen's code once
 * the start-up scripts have run (startFirstScreen), so on `/` that code started downloading only
 * after the framework had arrived and run: one more round trip on a phone's link before the first
 * screen could paint. The home screen is the page a visitor most often opens on (the hash route is
 * unknown to the server); on another first screen the preload costs its few kilobytes and nothing
 * runs (a module preload fetches and compiles, it does not evaluate).
 */
export function preloadFirstScreen(firstScreen: RegExp): Plugin {
  return {
    name: 'meridian:preload-first-screen',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const screen = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId !== null && firstScreen.test(c.facadeModuleId),
        );
        if (screen?.type !== 'chunk')
          throw new Error(`preload-first-screen: no chunk matches ${firstScreen}`);
        const files = [screen.fileName, ...screen.imports].filter(
          (file) => !html.includes(`href="./${file}"`) && !html.includes(`src="./${file}"`),
        );
        const links = files.map((file) => `<link rel="modulepreload" crossorigin href="./${file}">`);
        for (const css of screen.viteMetadata?.importedCss ?? [])
          if (!html.includes(`href="./${css}"`))
            links.push(`<link rel="preload" as="style" href="./${css}">`);
        return html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}
