import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { measurementProblem, MEASUREMENT_KINDS, KIND_UNITS } from './measurements.ts';
import { durationInWords } from './visits.ts';
import { acceptedLanguage } from './messages.ts';
import { hasSpanish, MESSAGES_ES, translateFields, translateMessage } from './messages-es.ts';

// The English messages people can read in the API's answers, found in the source of
// packages/shared and apps/api: AppError's message and fields, zod's messages (`error:`,
// `message:`, the message argument of .min/.max/.refine/.regex/.int…), constants and functions
// named …message/…problem, and what is passed to a parameter named `message` or `missing`.

interface MessageSource {
  /** The message, each `${…}` of a template written as {{…}}. */
  text: string;
  /** The message with each {{…}} filled with a sample value, as it could reach a person. */
  sample: string;
  where: string;
}

/** zod's checks whose message is their second argument, and those whose message is their first. */
const MESSAGE_SECOND = new Set([
  'min',
  'max',
  'length',
  'gte',
  'lte',
  'gt',
  'lt',
  'regex',
  'refine',
  'multipleOf',
  'startsWith',
  'endsWith',
  'includes',
]);
const MESSAGE_FIRST = new Set([
  'int',
  'positive',
  'negative',
  'nonnegative',
  'nonpositive',
  'email',
  'url',
  'uuid',
  'nonempty',
  'finite',
]);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(file, out);
    else if (entry.name.endsWith('.ts') && !/\.(test|int\.test)\.ts$/.test(entry.name))
      out.push(file);
  }
  return out;
}

/** Messages of these files are not for people reading an API answer. */
const SKIPPED = [
  'apps/api/src/config.ts', // the server's own configuration errors, for whoever runs it
  'packages/shared/src/messages-es.ts',
  'packages/shared/src/messages.ts',
];
/** Emails are written in the reader's language where they are made (not through this catalog). */
const EMAIL_TEXT = /(^apps\/api\/src\/mail\/|emails?\.ts$)/;

/** Every English message the API can answer with, as found in `dirs` (relative to `root`). */
function findMessageSources(root: string, dirs: readonly string[]): MessageSource[] {
  const files = dirs
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .filter((file) => {
      const relative = path.relative(root, file);
      return !SKIPPED.includes(relative) && !EMAIL_TEXT.test(relative);
    });
  const parsed = files.map((file) =>
    ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
  );

  // Functions with a parameter named `message` (wrongStatus, refuse…): what their callers pass.
  // Several files may have a function of one name (refuse): every such position counts.
  const messageParameter = new Map<string, Set<number>>();
  const noteFunction = (name: string, parameters: ts.NodeArray<ts.ParameterDeclaration>) => {
    const index = parameters.findIndex((p) =>
      ['message', 'missing', 'reason'].includes(p.name.getText()),
    );
    if (index >= 0)
      messageParameter.set(name, (messageParameter.get(name) ?? new Set()).add(index));
  };
  for (const source of parsed) {
    const visit = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) && node.name)
        noteFunction(node.name.text, node.parameters);
      if (
        ts.isConstructorDeclaration(node) &&
        ts.isClassDeclaration(node.parent) &&
        node.parent.name
      )
        noteFunction(node.parent.name.text, node.parameters);
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
      )
        noteFunction(node.name.text, node.initializer.parameters);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  const found: MessageSource[] = [];
  for (const source of parsed) {
    const where = (node: ts.Node) =>
      `${path.relative(root, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const constants = new Map<string, ts.Expression>();
    const collectConstants = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
        constants.set(node.name.text, node.initializer);
      ts.forEachChild(node, collectConstants);
    };
    collectConstants(source);

    const add = (expression: ts.Expression | undefined, seen = new Set<string>()): void => {
      if (!expression) return;
      if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
        found.push({ text: expression.text, sample: expression.text, where: where(expression) });
      } else if (ts.isTemplateExpression(expression)) {
        let text = expression.head.text;
        let sample = expression.head.text;
        for (const span of expression.templateSpans) {
          text += `{{${span.expression.getText()}}}${span.literal.text}`;
          sample += `7${span.literal.text}`;
        }
        found.push({ text, sample, where: where(expression) });
      } else if (ts.isObjectLiteralExpression(expression)) {
        for (const property of expression.properties)
          if (ts.isPropertyAssignment(property)) add(property.initializer, seen);
      } else if (ts.isParenthesizedExpression(expression)) {
        add(expression.expression, seen);
      } else if (ts.isConditionalExpression(expression)) {
        add(expression.whenTrue, seen);
        add(expression.whenFalse, seen);
      } else if (
        ts.isBinaryExpression(expression) &&
        [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(
          expression.operatorToken.kind,
        )
      ) {
        add(expression.left, seen);
        add(expression.right, seen);
      } else if (ts.isIdentifier(expression) && !seen.has(expression.text)) {
        seen.add(expression.text);
        add(constants.get(expression.text), seen);
      }
    };

    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && node.expression.getText() === 'AppError' && node.arguments) {
        add(node.arguments[2]);
        const fields = node.arguments[3];
        if (fields && ts.isObjectLiteralExpression(fields)) {
          for (const property of fields.properties)
            if (ts.isPropertyAssignment(property)) add(property.initializer);
        }
      }
      if (ts.isPropertyAssignment(node) && ['message', 'error'].includes(node.name.getText()))
        add(node.initializer);
      if (ts.isShorthandPropertyAssignment(node) && node.name.text === 'message') add(node.name);
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        /(message|messages|problem)$/i.test(node.name.text)
      )
        add(node.initializer);
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (ts.isPropertyAccessExpression(callee)) {
          const method = callee.name.text;
          if (MESSAGE_SECOND.has(method)) add(node.arguments[1]);
          if (MESSAGE_FIRST.has(method)) add(node.arguments[0]);
        }
        if (ts.isIdentifier(callee)) {
          for (const index of messageParameter.get(callee.text) ?? []) add(node.arguments[index]);
        }
      }
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
        for (const index of messageParameter.get(node.expression.text) ?? [])
          add(node.arguments?.[index]);
      }
      // Functions that put a problem into words: measurementProblem, tooManyRequestsMessage…
      if (
        ts.isReturnStatement(node) &&
        node.expression &&
        /(problem|message)$/i.test(enclosingFunctionName(node) ?? '')
      )
        add(node.expression);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function enclosingFunctionName(node: ts.Node): string | undefined {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isFunctionDeclaration(n)) return n.name?.text;
    if (ts.isArrowFunction(n) || ts.isFunctionExpression(n)) {
      const parent = n.parent;
      return ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)
        ? parent.name.text
        : undefined;
    }
  }
  return undefined;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('Spanish messages', () => {
  const sources = findMessageSources(root, ['packages/shared/src', 'apps/api/src']);

  it('finds the messages of the shared schemas and the API', () => {
    // A guard on the scan itself: if it found nothing, the next test would pass for nothing.
    expect(sources.length).toBeGreaterThan(400);
    const texts = sources.map((s) => s.text);
    expect(texts).toContain('Enter a valid email address, like name@example.com.');
    expect(texts).toContain('There is no such prescription.');
    expect(texts).toContain('{{label}} can be at most {{max}} characters.');
  });

  it('has Spanish for every message of packages/shared and apps/api', () => {
    const missing = sources
      // Codes (account_disabled) are for programs, not people.
      .filter((source) => !/^[a-z0-9_]*$/.test(source.text.trim()) && !hasSpanish(source.sample))
      .map((source) => `${source.where}: ${source.text}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('keeps the placeholders of each entry in its Spanish', () => {
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const wrong = Object.keys(MESSAGES_ES).filter(
      (english) => names(english).join() !== names(MESSAGES_ES[english]!).join(),
    );
    expect(wrong).toEqual([]);
  });

  it('has Spanish for every measurement problem, in every unit', () => {
    const problems: string[] = [];
    for (const kind of MEASUREMENT_KINDS) {
      for (const unit of [...KIND_UNITS[kind], 'kg' as const]) {
        for (const value of [
          1e9,
          { systolic: 1e9, diastolic: 80 },
          { systolic: 120, diastolic: 1e9 },
          { systolic: 80, diastolic: 120 },
        ]) {
          const problem = measurementProblem(kind, value, unit);
          if (problem) problems.push(problem, `Target: ${problem}`);
        }
      }
    }
    expect(
      problems.filter(
        (p) => !hasSpanish(p) || /[A-Z][a-z]+ [a-z]+ (is|must)/.test(translateMessage(p, 'es')),
      ),
    ).toEqual([]);
  });

  it('fills in values, translating those it knows', () => {
    expect(translateMessage('Your first name can be at most 100 characters.', 'es')).toBe(
      'Tu nombre puede tener como máximo 100 caracteres.',
    );
    expect(translateMessage('Enter the end date as a real date (YYYY-MM-DD).', 'es')).toBe(
      'Escribe la fecha de fin como una fecha real (AAAA-MM-DD).',
    );
    expect(translateMessage('Enter the strength, e.g. 500 mg.', 'es')).toBe(
      'Escribe la concentración, p. ej., 500 mg.',
    );
    expect(translateMessage('You already share your medications with Dr. Okafor.', 'es')).toBe(
      'Ya compartes tus medicamentos con el Dr. o la Dra. Okafor.',
    );
    expect(translateMessage('Choose a different password: Use at least 12 characters.', 'es')).toBe(
      'Elige otra contraseña: Usa al menos 12 caracteres.',
    );
    expect(
      translateMessage(
        `This video visit closed ${durationInWords(3 * 86_400_000 + 3_600_000)} ago, 30 minutes after the appointment ended.`,
        'es',
      ),
    ).toBe(
      'Esta videoconsulta se cerró hace 3 días y 1 hora, 30 minutos después de que terminara la cita.',
    );
    expect(
      translateMessage(
        'A person may keep at most 100,000 readings; delete old ones to add more.',
        'es',
      ),
    ).toBe(
      'Cada persona puede guardar como máximo 100.000 mediciones; borra las antiguas para añadir más.',
    );
  });

  it('translates joined messages sentence by sentence', () => {
    expect(
      translateMessage('Enter the value as a number. A reading cannot be in the future.', 'es'),
    ).toBe('Escribe el valor como un número. Una medición no puede estar en el futuro.');
  });

  it('leaves English, and what it does not know, as they are', () => {
    const english = 'Your first name can be at most 100 characters.';
    expect(translateMessage(english, 'en')).toBe(english);
    expect(translateMessage('Not a message of Tend.', 'es')).toBe('Not a message of Tend.');
    expect(translateFields({ email: 'Enter your email address.' }, 'es')).toEqual({
      email: 'Escribe tu correo electrónico.',
    });
    expect(translateFields({ email: 'Enter your email address.' }, 'en')).toEqual({
      email: 'Enter your email address.',
    });
  });
});

describe('acceptedLanguage', () => {
  it('takes the most preferred language Tend speaks, by q-value', () => {
    expect(acceptedLanguage('es')).toBe('es');
    expect(acceptedLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(acceptedLanguage('en;q=0.5, es')).toBe('es');
    expect(acceptedLanguage('fr, es;q=0.1')).toBe('es');
    expect(acceptedLanguage('EN-gb, es')).toBe('en');
    expect(acceptedLanguage('fr-FR, es;q=0.5, en;q=0.7')).toBe('en');
  });

  it('answers English when nothing it speaks is asked for', () => {
    expect(acceptedLanguage(undefined)).toBe('en');
    expect(acceptedLanguage('')).toBe('en');
    expect(acceptedLanguage('de, fr;q=0.5')).toBe('en');
    expect(acceptedLanguage('es;q=0, en')).toBe('en');
    expect(acceptedLanguage('es;q=0')).toBe('en');
    expect(acceptedLanguage('*')).toBe('en');
  });
});
