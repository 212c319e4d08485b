import * as fs from 'node:fs';
import * as path from 'node:path';
import { Project, ts } from 'ts-morph';
import { catalogue, type Change } from '../../catalogue';
import type { Config } from '../../config';
import type { Finding } from '../types';
import { Models } from './models';
import { buildVocabulary, type RemovedField, type Scope, type Vocabulary } from './vocabulary';

export { buildVocabulary, words, type Scope, type Vocabulary } from './vocabulary';

/** Files the type checker is given: TypeScript and JavaScript sources (JS is typed only as far as TS infers). */
const ANALYSED = /\.(?:[cm]?tsx?|[cm]?jsx?)$/i;

/** Text of the finding on a member of a modelled type (the rule's text is written for reads). */
export function memberMessage(ruleMessage: string): string {
  return `Remove this member: v2 responses do not carry it. ${ruleMessage}`;
}

/**
 * Type-aware findings for the files of one scanned root: reads of response fields v2 removed (or moved),
 * found through the client's own declared types with the TypeScript checker, and the members of those
 * types that declare them. See `Models` for which types count as modelling the API.
 *
 * Bounded: one ts-morph Project per call, loaded from `<root>/tsconfig.json` without its file list; only
 * `files` (and the declaration files the tsconfig includes, for global types) are added. The checker loads
 * what those files import, as it must to know their types, but findings come only from `files`, and no
 * reference search is made. Without a tsconfig.json at the root, returns an empty map: the syntax engine
 * covers those files.
 *
 * Each finding is `fix: 'manual'`; its range is the property name (1-based; endColumn is the column just
 * after the name).
 */
export function typeAwareFindings(
  root: string,
  files: readonly string[],
  _config: Config,
  changes: readonly Change[] = catalogue,
): Map<string, Finding[]> {
  const result = new Map<string, Finding[]>();
  const rootDir = path.resolve(root);
  const tsConfigFilePath = path.join(rootDir, 'tsconfig.json');
  if (!isFile(tsConfigFilePath)) return result;

  const vocabulary = buildVocabulary(changes);
  const wanted = [...new Set(files.map((f) => path.resolve(f)))].filter((f) => ANALYSED.test(f) && isFile(f));
  if (wanted.length === 0 || vocabulary.removedNames.size === 0) return result;

  const tsconfig = readTsConfig(tsConfigFilePath, rootDir);
  const project = new Project({
    tsConfigFilePath,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { lib: withoutHostLibs(tsconfig.options), types: [] },
  });
  for (const f of wanted) project.addSourceFileAtPath(f);
  for (const d of tsconfig.declarationFiles) project.addSourceFileAtPathIfExists(d);

  const program = project.getProgram().compilerObject;
  const checker = program.getTypeChecker();
  const models = new Models(program, checker, vocabulary, rootDir);

  for (const file of wanted) {
    const sf = program.getSourceFile(project.getSourceFileOrThrow(file).getFilePath());
    if (!sf) continue;
    const findings = fileFindings(sf, checker, models, vocabulary);
    if (findings.length > 0) result.set(file, findings);
  }
  return result;
}

function fileFindings(sf: ts.SourceFile, checker: ts.TypeChecker, models: Models, vocabulary: Vocabulary): Finding[] {
  const out = new Map<string, Finding>();
  const report = (node: ts.Node, removed: RemovedField, message = removed.message) => {
    const start = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    const end = sf.getLineAndCharacterOfPosition(node.getEnd());
    const finding: Finding = {
      line: start.line + 1,
      column: start.character + 1,
      endLine: end.line + 1,
      endColumn: end.character + 1,
      change: removed.change.id,
      fix: 'manual',
      message,
    };
    out.set(`${finding.line}:${finding.column}:${finding.change}`, finding);
  };

  /** The removed field a read of `name` on a value of `receiver`'s type is, if any. */
  const removedRead = (receiver: ts.Type, name: string): RemovedField | undefined => {
    for (const part of unionParts(checker.getNonNullableType(receiver))) {
      // Through the member the checker resolves the name to (aliases, Readonly<…>, inherited members)…
      const prop = checker.getPropertyOfType(checker.getApparentType(part), name);
      for (const decl of prop?.declarations ?? []) {
        const hit = removedIn(models.scopesOfContainer(decl.parent), name, vocabulary);
        if (hit) return hit;
      }
      // …or because the value's own type models the resource (a removed field it does not declare).
      const hit = removedIn(models.scopesOfType(part), name, vocabulary);
      if (hit) return hit;
    }
    return undefined;
  };

  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && vocabulary.removedNames.has(node.name.text)) {
      const hit = removedRead(checker.getTypeAtLocation(node.expression), node.name.text);
      if (hit) report(node.name, hit);
    } else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) {
      const name = node.argumentExpression.text;
      if (vocabulary.removedNames.has(name)) {
        const hit = removedRead(checker.getTypeAtLocation(node.expression), name);
        if (hit) report(node.argumentExpression, hit);
      }
    } else if (ts.isIndexedAccessTypeNode(node) && ts.isLiteralTypeNode(node.indexType) && ts.isStringLiteral(node.indexType.literal)) {
      // A type-level read: `Result['advice']`.
      const name = node.indexType.literal.text;
      if (vocabulary.removedNames.has(name)) {
        const hit = removedRead(checker.getTypeAtLocation(node.objectType), name);
        if (hit) report(node.indexType.literal, hit);
      }
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isObjectLiteralExpression(node.left)
    ) {
      // A destructuring assignment: `({ advice } = result)`.
      let sourceType: ts.Type | undefined;
      for (const prop of node.left.properties) {
        if (!ts.isShorthandPropertyAssignment(prop) && !ts.isPropertyAssignment(prop)) continue;
        const key = prop.name;
        const name = ts.isIdentifier(key) || ts.isStringLiteralLike(key) ? key.text : undefined;
        if (name === undefined || !vocabulary.removedNames.has(name)) continue;
        sourceType ??= checker.getTypeAtLocation(node.right);
        const hit = removedRead(sourceType, name);
        if (hit) report(key, hit);
      }
    } else if (ts.isObjectBindingPattern(node)) {
      let patternType: ts.Type | undefined;
      for (const element of node.elements) {
        const key = element.propertyName ?? element.name;
        const name = ts.isIdentifier(key) || ts.isStringLiteralLike(key) ? key.text : undefined;
        if (element.dotDotDotToken || name === undefined || !vocabulary.removedNames.has(name)) continue;
        // The type of a pattern is that of what it destructures (annotation, initializer or context).
        patternType ??= checker.getTypeAtLocation(node);
        const hit = removedRead(patternType, name);
        if (hit) report(key, hit);
      }
    } else if ((ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) && models.scopesOfContainer(node).length > 0) {
      for (const member of node.members) {
        if (!ts.isPropertySignature(member) && !ts.isMethodSignature(member)) continue;
        const key = member.name;
        const name = ts.isIdentifier(key) || ts.isStringLiteralLike(key) ? key.text : undefined;
        const hit = name === undefined ? undefined : removedIn(models.scopesOfContainer(node), name, vocabulary);
        if (hit) report(key, hit, memberMessage(hit.message));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return [...out.values()].sort((a, b) => a.line - b.line || a.column - b.column || a.change.localeCompare(b.change));
}

function removedIn(scopes: readonly Scope[], name: string, vocabulary: Vocabulary): RemovedField | undefined {
  for (const scope of scopes) {
    const hit = vocabulary.removedAt(scope).get(name);
    if (hit) return hit;
  }
  return undefined;
}

function unionParts(type: ts.Type): readonly ts.Type[] {
  return type.isUnion() ? type.types : [type];
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** A tsconfig.json the type-aware pass cannot read. The caller reports it and keeps the syntax findings. */
export class TsConfigError extends Error {
  override name = 'TsConfigError';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
  }
}

/**
 * The tsconfig's compiler options and the `.d.ts` files it includes: those declare global types (an app's
 * `declare interface Result`, its JSX namespace) that the selected files use without importing them.
 * Declarations only, cheap to add.
 */
function readTsConfig(file: string, rootDir: string): { options: ts.CompilerOptions; declarationFiles: string[] } {
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) throw new TsConfigError(file, ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, rootDir, undefined, file);
  const declarationFiles = parsed.fileNames.filter(
    (f) => /\.d\.[cm]?ts$/i.test(f) && !f.split(/[\\/]/).includes('node_modules'),
  );
  return { options: parsed.options, declarationFiles };
}

/**
 * The project's libraries without the host ones (DOM, web worker, scripthost), the largest part of the
 * checker's start-up cost. A value whose type came from them becomes an error type, and a read on an error
 * type is never a finding: no API type is declared there, so only irrelevant precision is lost.
 */
function withoutHostLibs(options: ts.CompilerOptions): string[] {
  const host = /^lib\.(dom|webworker|scripthost)\b/i;
  if (options.lib) return options.lib.map((l) => path.basename(l)).filter((l) => !host.test(l));
  // No `lib`: the target's default, whose `.full` variant is the one with DOM.
  const full = ts.getDefaultLibFileName(options);
  return [full === 'lib.d.ts' ? 'lib.es5.d.ts' : full.replace('.full.d.ts', '.d.ts')];
}
