import { parseSync } from 'oxc-parser';

/** Props whose value a person reads: they must come from t(). */
export const TEXT_PROPS: ReadonlySet<string> = new Set([
  'title',
  'placeholder',
  'label',
  'content',
  'text',
  'description',
  'alt',
  'aria-label',
]);

export interface RawString {
  line: number;
  text: string;
  where: string;
}

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

const LETTER = /\p{L}/u;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function children(node: Node): Node[] {
  const out: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent') continue;
    if (Array.isArray(value)) {
      for (const v of value) {
        if (isNode(v)) out.push(v);
      }
    } else if (isNode(value)) {
      out.push(value);
    }
  }
  return out;
}

/** `t('key')`, `i18n.t('key')`: whatever is inside is a key, not text. */
function isTranslateCall(node: Node): boolean {
  if (node.type !== 'CallExpression') return false;
  const callee = node.callee as Node;
  if (callee.type === 'Identifier') return callee.name === 't';
  return callee.type === 'MemberExpression' && (callee.property as Node | undefined)?.name === 't';
}

function lineOf(source: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < source.length; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/** String literals with letters inside an expression, except those handed to t(). */
function literalsIn(node: Node, found: Node[]): void {
  if (isTranslateCall(node)) return;
  if (node.type === 'Literal' && typeof node.value === 'string' && LETTER.test(node.value)) found.push(node);
  if (node.type === 'TemplateElement') {
    const cooked = (node.value as { cooked?: string } | undefined)?.cooked ?? '';
    if (LETTER.test(cooked)) found.push(node);
  }
  for (const child of children(node)) literalsIn(child, found);
}

/**
 * Finds user-visible text that bypasses i18n in one .tsx source: JSX text with letters, string
 * literals rendered as JSX children, and literals in the text props above.
 */
export function findRawStrings(fileName: string, source: string): RawString[] {
  const result = parseSync(fileName, source);
  if (result.errors.length > 0) {
    return [{ line: 0, text: result.errors.map((e) => e.message).join('; '), where: 'parse error' }];
  }
  const out: RawString[] = [];
  // Lines point at the first visible character: JSX text usually starts with the previous line break.
  const report = (node: Node, text: string, where: string) =>
    out.push({
      line: lineOf(source, node.start + (text.length - text.trimStart().length)),
      text: text.trim().slice(0, 60),
      where,
    });

  const visit = (node: Node) => {
    if (node.type === 'JSXText' && LETTER.test(String(node.value))) {
      report(node, String(node.value), 'JSX text');
    } else if (node.type === 'JSXExpressionContainer') {
      const expr = node.expression as Node;
      if (expr.type === 'Literal' && typeof expr.value === 'string' && LETTER.test(expr.value)) {
        report(expr, expr.value, 'JSX child literal');
      }
    } else if (node.type === 'JSXAttribute') {
      const nameNode = node.name as Node;
      const name = nameNode.type === 'JSXIdentifier' ? String(nameNode.name) : '';
      const value = node.value as Node | null;
      if (TEXT_PROPS.has(name) && value) {
        const found: Node[] = [];
        literalsIn(value, found);
        for (const lit of found) {
          const text =
            lit.type === 'Literal' ? String(lit.value) : String((lit.value as { raw?: string }).raw ?? '');
          report(lit, text, `prop ${name}`);
        }
        return;
      }
    }
    for (const child of children(node)) visit(child);
  };
  visit(result.program as unknown as Node);
  return out;
}
