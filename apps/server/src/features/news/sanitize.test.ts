import { describe, expect, it } from 'vitest';
import { sanitizeContent } from './sanitize.js';

describe('sanitizeContent', () => {
  it('keeps the formatting an article needs', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>italic</em> text.</p><ul><li>one</li></ul><table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>';
    expect(sanitizeContent(html)).toBe(html);
  });

  it('drops script, style, iframe, object and embed together with their contents', () => {
    const out = sanitizeContent(
      '<p>a</p><script>window.__pwned=1</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x.swf"><noscript>n</noscript><p>b</p>',
    );
    expect(out).toBe('<p>a</p><p>b</p>');
  });

  it('removes event-handler attributes from allowed tags', () => {
    const out = sanitizeContent(
      '<img src="https://cdn.example/a.png" onerror="alert(1)" onload="alert(2)"><p onclick="alert(3)" style="color:red">x</p>',
    );
    expect(out).toBe('<img src="https://cdn.example/a.png" /><p>x</p>');
  });

  it('refuses script URLs in links however they are spelt', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      '&#106;avascript:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      const out = sanitizeContent(`<a href="${href}">x</a>`);
      expect(out, href).not.toMatch(/href/);
      expect(out, href).not.toMatch(/script:|data:/i);
    }
  });

  it('opens every kept link in a new tab without handing over the window', () => {
    expect(sanitizeContent('<a href="https://www.example.com/x" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://www.example.com/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeContent('<a href="mailto:help@meridian.example">mail</a>')).toContain(
      'rel="noopener noreferrer"',
    );
  });

  it('allows raster data images in img but no other data URL', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(sanitizeContent(`<img src="${png}" alt="chart">`)).toBe(`<img src="${png}" alt="chart" />`);
    expect(sanitizeContent('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
    expect(sanitizeContent('<img src="data:text/html;base64,PHNjcmlwdD4=">')).toBe('');
    expect(sanitizeContent('<img src="javascript:alert(1)">')).toBe('');
  });

  it('neutralises svg and math payloads and protocol-relative sources', () => {
    expect(
      sanitizeContent('<svg onload="alert(1)"><circle r="1"/></svg><math><mi>x</mi></math>'),
    ).not.toMatch(/svg|onload|math/);
    expect(sanitizeContent('<img src="//evil.example/x.png">')).toBe('');
  });

  it('is stable: sanitising sanitised output changes nothing', () => {
    const once = sanitizeContent('<p>x<a href="https://a.example">y</a><img src="x" onerror="z"></p>');
    expect(sanitizeContent(once)).toBe(once);
  });
});
