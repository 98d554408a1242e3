/** scripts/split-english.ts: copy trading's English texts, split out of the first screen's bundle. */
declare module 'virtual:meridian/en-follow' {
  const texts: Record<string, unknown>;
  // biome-ignore lint/style/noDefaultExport: a virtual JSON module, default-exported like a .json import
  export default texts;
}
