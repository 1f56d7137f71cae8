/**
 * The structure rules fail on what they forbid (issue 41): a fixture API with a clean module, a
 * module reaching into another's repository, a layer importing one above it, and two files in a
 * cycle, linted by the repository's own rules (eslint/architecture.js, .dependency-cruiser.js).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { architectureRules } from './architecture.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
let fixture: string;

function write(file: string, text: string) {
  const full = path.join(fixture, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

async function restrictedImports(file: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: fixture,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      architectureRules({ root: fixture, apiSrc: 'apps/api/src' }),
    ],
  });
  const [result] = await eslint.lintFiles([path.join(fixture, file)]);
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

/** dependency-cruiser with the repository's configuration over one folder of the fixture. */
async function cycles(folder: string): Promise<{ failed: boolean; output: string }> {
  const cli = path.join(repoRoot, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
  const config = path.join(repoRoot, '.dependency-cruiser.js');
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, folder, '--config', config],
      { cwd: fixture },
    );
    return { failed: false, output: stdout };
  } catch (error) {
    return { failed: true, output: String((error as { stdout?: string }).stdout) };
  }
}

beforeAll(() => {
  fixture = mkdtempSync(path.join(tmpdir(), 'tend-architecture-'));
  write('apps/api/src/lib/ids.ts', 'export const newId = () => "x";\n');
  write('apps/api/src/db/schema.ts', 'export interface Database { users: object }\n');
  write('apps/api/src/modules/care/repo.ts', 'export const links = () => [];\n');
  write('apps/api/src/modules/care/service.ts', 'export const isLinked = () => true;\n');
  write(
    'apps/api/src/modules/notes/service.ts',
    [
      "import { newId } from '../../lib/ids.ts';",
      "import type { Database } from '../../db/schema.ts';",
      "import { notes } from './repo.ts';",
      "import { recordAudit } from '../audit/service.ts';",
      'export const note = (db: Database) => [newId(), notes(db), recordAudit()];',
      '',
    ].join('\n'),
  );
  write('apps/api/src/modules/notes/repo.ts', 'export const notes = (db: object) => [db];\n');
  write('apps/api/src/modules/audit/service.ts', 'export const recordAudit = () => 1;\n');
  write('apps/api/src/modules/audit/repo.ts', 'export const auditRows = () => [];\n');
  write(
    'apps/api/src/modules/notes/asks-care.ts',
    "import { isLinked } from '../care/service.ts';\nexport const may = () => isLinked();\n",
  );
  write(
    'apps/api/src/modules/notes/reads-audit-rows.ts',
    "import { auditRows } from '../audit/repo.ts';\nexport const rows = () => auditRows();\n",
  );
  write(
    'apps/api/src/modules/notes/reaches-into-care.ts',
    "import { links } from '../care/repo.ts';\nexport const mine = () => links();\n",
  );
  write(
    'apps/api/src/lib/reaches-up.ts',
    "import { isLinked } from '../modules/care/service.ts';\nexport const linked = () => isLinked();\n",
  );
  write(
    'apps/api/src/db/reaches-up.ts',
    "import { newId } from '../lib/ids.ts';\nimport { notes } from '../modules/notes/repo.ts';\nexport const n = () => [newId(), notes({})];\n",
  );
  // A cycle of which one side is only a type: it ties the two files together all the same.
  write(
    'circle/fills.ts',
    "import type { Deps } from './service.ts';\nexport const fill = (deps: Deps) => deps;\n",
  );
  write(
    'circle/service.ts',
    "import { fill } from './fills.ts';\nexport interface Deps { a: number }\nexport const serve = () => fill({ a: 1 });\n",
  );
  write('line/a.ts', "import { b } from './b.ts';\nexport const a = () => b();\n");
  write('line/b.ts', 'export const b = () => 1;\n');
});

afterAll(() => {
  rmSync(fixture, { recursive: true, force: true });
});

describe('the API layer and repository rules', () => {
  it("let a module use its own repository, the layers below it and the audit trail's service", async () => {
    expect(await restrictedImports('apps/api/src/modules/notes/service.ts')).toEqual([]);
  });

  it("refuse a module importing another module's repository, its service or the audit trail's rows", async () => {
    for (const file of ['reaches-into-care.ts', 'asks-care.ts', 'reads-audit-rows.ts']) {
      expect(await restrictedImports(`apps/api/src/modules/notes/${file}`)).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*Modules stand side by side/),
      ]);
    }
  });

  it('refuse lib and db importing a module above them', async () => {
    expect(await restrictedImports('apps/api/src/lib/reaches-up.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*"lib" stands below/),
    ]);
    // Its import of lib, below it, is fine; the one of a module is not.
    expect(await restrictedImports('apps/api/src/db/reaches-up.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*"db" stands below/),
    ]);
  });
});

describe('the cycle rule', () => {
  it('fails on two files importing each other, type-only imports included', async () => {
    const { failed, output } = await cycles('circle');
    expect(failed).toBe(true);
    expect(output).toMatch(/no-circular: circle\/(fills|service)\.ts/);
  });

  it('passes files that import in one direction', async () => {
    const { failed, output } = await cycles('line');
    expect(output).not.toMatch(/no-circular/);
    expect(failed).toBe(false);
  });
});
