/**
 * Web build only: each module-level zod schema of ours is built on first use rather than when its
 * module loads (docs/decisions/043-lazy-schemas.md). The source stays plain zod, shared as it is
 * with the API, which builds its schemas at start as before.
 *
 *   export const profileSchema = z.object({ … });
 * becomes
 *   export const profileSchema = /* @__PURE__ *\/ __lazySchema(() => z.object({ … }));
 *
 * Wrapped: a top-level `const` whose value is a method call on `z`, on a schema wrapped before it
 * in the module, or on an imported `…Schema`, unless the method answers something else than a
 * schema (parse and the like). Everything else (constants, arrays, helpers) is left alone, and a
 * schema made by a helper function of ours is built at load as before.
 */
import path from 'node:path';
import MagicString, { type SourceMap } from 'magic-string';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Methods on `z` or a schema whose answer is not a schema. */
const NOT_SCHEMA = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'spa',
  'decode',
  'encode',
  'safeDecode',
  'safeEncode',
  'toJSONSchema',
  'registry',
  'config',
  'treeifyError',
  'prettifyError',
  'flattenError',
  'isOptional',
  'isNullable',
]);

const HELPER = path.resolve(import.meta.dirname, '../../apps/web/src/lib/lazy-schema.ts');
const OURS = /[\\/](packages[\\/]shared[\\/]src|apps[\\/]web[\\/]src)[\\/].*\.[jt]sx?$/;

/** The identifier a chain like `a.b(…).c(…)` starts from, and the last method it calls. */
function chainOf(node: Node): { root: string; method: string } | undefined {
  if (node.type !== 'CallExpression') return undefined;
  const callee = node.callee as Node;
  if (callee.type !== 'MemberExpression' || callee.computed) return undefined;
  const method = (callee.property as Node & { name?: string }).name;
  if (!method) return undefined;
  let object = callee.object as Node;
  while (object.type === 'CallExpression' || object.type === 'MemberExpression') {
    object = (object.type === 'CallExpression' ? object.callee : object.object) as Node;
  }
  return object.type === 'Identifier' ? { root: object.name as string, method } : undefined;
}

/** The module's code with its schemas wrapped, or undefined when it has none. */
export function wrapSchemas(code: string): { code: string; map: SourceMap } | undefined {
  const program = parseAst(code) as unknown as { body: Node[] };
  let zod: string | undefined;
  const importedSchemas = new Set<string>();
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    const from = (statement.source as { value: string }).value;
    for (const specifier of statement.specifiers as Array<Node & { local: { name: string } }>) {
      if (from === 'zod' && specifier.type === 'ImportSpecifier') {
        const imported = (specifier.imported as { name?: string; value?: string }).name;
        if (imported === 'z') zod = specifier.local.name;
      } else if (/Schema$/.test(specifier.local.name)) {
        importedSchemas.add(specifier.local.name);
      }
    }
  }
  if (!zod) return undefined;

  const wrapped = new Set<string>();
  const out = new MagicString(code);
  for (const statement of program.body) {
    const declaration = (
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
    ) as Node | null;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node & { name?: string };
      const init = declarator.init as Node | null;
      if (id.type !== 'Identifier' || !init) continue;
      const chain = chainOf(init);
      if (!chain || NOT_SCHEMA.has(chain.method)) continue;
      // `.meta()` without arguments reads the metadata; with them it answers a schema.
      if (chain.method === 'meta' && (init.arguments as Node[]).length === 0) continue;
      const fromSchema =
        chain.root === zod || wrapped.has(chain.root) || importedSchemas.has(chain.root);
      if (!fromSchema) continue;
      out.appendLeft(init.start, '/* @__PURE__ */ __lazySchema(() => ');
      out.appendRight(init.end, ')');
      wrapped.add(id.name!);
    }
  }
  if (wrapped.size === 0) return undefined;
  out.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(HELPER)};\n`);
  return { code: out.toString(), map: out.generateMap({ hires: 'boundary' }) };
}

export function lazySchemasPlugin(): Plugin {
  return {
    name: 'tend:lazy-schemas',
    apply: 'build',
    // After TypeScript and JSX are gone: the parser reads plain JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!OURS.test(id) || id.includes('node_modules') || !code.includes('zod')) return null;
      const result = wrapSchemas(code);
      return result === undefined ? null : result;
    },
  };
}
