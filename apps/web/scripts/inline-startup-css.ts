import type { Plugin } from 'vite';

/**
 * Moves the start-up stylesheets into index.html as <style> elements, so the HTML frame paints from
 * the document alone: three render-blocking CSS requests cost a phone on a slow link several round
 * trips before anything shows (the CSP allows inline styles, not inline scripts). Each <link> stays,
 * `disabled` (so it is not fetched), because Vite's preloader looks for it before loading a lazy
 * screen's CSS and would otherwise fetch the same file again.
 */
export function inlineStartupCss(): Plugin {
  return {
    name: 'meridian:inline-startup-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*?href="([^"]+)"[^>]*>/g, (tag, href: string) => {
          const asset = bundle[href.replace(/^\.\//, '')];
          if (asset?.type !== 'asset') return tag;
          const css =
            typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          // A relative url() would resolve against the page instead of assets/: keep those files linked.
          if (/url\(\s*['"]?\.{0,2}\//.test(css) || css.includes('</style')) return tag;
          return `<style data-href="${href}">${css}</style><link rel="stylesheet" href="${href}" disabled>`;
        });
      },
    },
  };
}
