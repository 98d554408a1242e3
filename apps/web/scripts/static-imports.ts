/**
 * The modules `roots` reach through static imports, themselves included, following only the imports
 * `follow` accepts (every one by default). `importsOf` gives a module's static imports (the build's
 * module graph: `this.getModuleInfo(id)?.importedIds`).
 */
export function staticClosure(
  importsOf: (id: string) => readonly string[],
  roots: Iterable<string>,
  follow: (id: string) => boolean = () => true,
): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const dep of importsOf(id)) if (follow(dep)) stack.push(dep);
  }
  return seen;
}
