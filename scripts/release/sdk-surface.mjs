#!/usr/bin/env node
// The SDK's public surface and its version (docs/architecture.md, "SDK versions"). `@swx/shared` is one
// versioned thing: the page's singleton (its root entry), and the API contract every module was built against
// (see VERSIONED_ENTRIES).
// Its last released surface is recorded in shared/sdk-surface.json together with the version it was released
// as; CI compares the code with that record:
//
//   node scripts/release/sdk-surface.mjs           check: exit 1 when the surface or the version differs from the
//                                                   record, naming each change and the version bump it needs
//                                                   (instant while the SDK's sources are the record's; --full reads
//                                                   the surface anyway)
//   node scripts/release/sdk-surface.mjs --write   record the current surface, refused unless shared/package.json's
//                                                   version is bumped enough: major for a breaking change (an export,
//                                                   a field or a parameter removed or changed, a required parameter
//                                                   added), minor for an addition
//
// A change to this reader itself (not to the SDK) changes what is recorded, not what modules meet: remove the
// record and write it again at the current version, in a commit of its own that says so.
//
// The surface is read with the TypeScript compiler from the entry points modules import: each export, flattened
// into paths (`contract:LoginBody.account`) with the type at each leaf, so a renamed field is a path removed and
// another added. TypeBox schemas are read as the data they describe (their `static` type).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import ts from 'typescript';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const sharedDir = path.join(repoRoot, 'shared');
export const recordFile = path.join(sharedDir, 'sdk-surface.json');

/** How deep a type is followed into nested objects; deeper structure is compared as one type text. */
const MAX_DEPTH = 6;
const PRINT =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType |
  ts.TypeFormatFlags.WriteArrayAsGenericType;

/**
 * The entry points whose surface is versioned: what a deployed module meets at run time. The root entry is the
 * page's singleton (one copy, the shell's, serves every module: its store, API client, socket, i18n, UI kit),
 * and the contract is the wire a module speaks with the server. Every other entry (`./chart`, `./wallet`,
 * `./harness`, `./i18n/*`, `./testing`) is bundled into each module that imports it: a change there reaches a
 * module only when it is rebuilt, and breaks nothing already deployed.
 */
export const VERSIONED_ENTRIES = ['.', './contract', './contract/record-names'];

export function entryPoints(dir = sharedDir) {
  const { exports } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return Object.fromEntries(
    VERSIONED_ENTRIES.filter((key) => key in exports).map((key) => [key, path.join(dir, exports[key])]),
  );
}

/** The current surface: `{ "<entry>:<path>": "<type at the leaf>" }`, sorted. */
export function readSurface(dir = sharedDir) {
  const entries = entryPoints(dir);
  const config = ts.readConfigFile(path.join(dir, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dir);
  // Test-runner types are not part of the SDK, and leaving them out keeps the program small.
  const program = ts.createProgram(Object.values(entries), { ...parsed.options, types: [], noEmit: true });
  const checker = program.getTypeChecker();
  const surface = {};
  const exportedTypes = new Set();
  const modules = Object.entries(entries).map(([key, file]) => {
    const source = program.getSourceFile(file);
    const symbol = source && checker.getSymbolAtLocation(source);
    if (!symbol) throw new Error(`sdk-surface: cannot read the exports of ${file}`);
    const exported = checker.getExportsOfModule(symbol).map((item) => ({
      name: item.name,
      symbol: item.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(item) : item,
    }));
    for (const { symbol: target } of exported) if (isTypeSymbol(target)) exportedTypes.add(target);
    return { key: key === '.' ? 'sdk' : key.replace(/^\.\//, ''), exported };
  });

  const print = (type) => checker.typeToString(type, undefined, PRINT);
  const inLibrary = (declaration) => {
    const file = declaration.getSourceFile();
    return program.isSourceFileDefaultLibrary(file) || file.fileName.includes('/node_modules/');
  };
  // A named interface or class of the platform or a library (Promise, Date, HTMLElement, a React type): one
  // leaf. Anonymous and mapped types (TypeBox's `Static`) are followed into.
  const isLibrary = (type) => {
    const symbol = type.getSymbol();
    if (!symbol || symbol.name.startsWith('__')) return false;
    return (symbol.getDeclarations() ?? []).some(inLibrary);
  };
  const isTypeBoxSchema = (type) =>
    type.getProperty('static') !== undefined &&
    checker.getPropertiesOfType(type).some((property) => property.escapedName.startsWith('__@Kind'));
  // What the SDK itself declares: a property inherited from the platform or a library (a button's DOM
  // attributes, an array's methods) is that library's surface, not ours.
  const publicProperties = (type) =>
    checker.getPropertiesOfType(type).filter((property) => {
      if (property.escapedName.startsWith('__@') || property.name.startsWith('#')) return false;
      const declarations = property.getDeclarations() ?? [];
      if (declarations.length > 0 && declarations.every(inLibrary)) return false;
      const modifiers = ts.getCombinedModifierFlags(property.valueDeclaration ?? declarations[0] ?? {});
      return !(modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected));
    });

  const walk = (at, type, depth, trail) => {
    if (isTypeBoxSchema(type))
      return walk(at, checker.getTypeOfSymbol(type.getProperty('static')), depth, trail);
    // Printed only where the path ends: printing a whole route map to throw it away costs seconds.
    const leaf = () => void (surface[at] = print(type));
    const named = type.aliasSymbol ?? type.getSymbol();
    const declaredElsewhere = depth > 0 && named && exportedTypes.has(named);
    if (depth >= MAX_DEPTH || trail.has(type) || declaredElsewhere) return leaf();
    if (type.isUnion()) {
      // A set of literal values (`'demo' | 'real'`, the catalogue's codes): each is a path, so a new value is an
      // addition. `string | null` and the like stay one leaf.
      const simple = (member) => member.flags & (ts.TypeFlags.Literal | ts.TypeFlags.Primitive);
      const literal = (member) =>
        member.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.EnumLiteral);
      if (type.types.every(simple) && type.types.some(literal)) {
        for (const member of type.types) surface[`${at}|${print(member)}`] = 'member';
        return;
      }
      // `T | undefined` (an optional object, a nullable result): T is followed into.
      const nullish = type.types.filter(
        (member) => member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null),
      );
      const rest = type.types.filter((member) => !nullish.includes(member));
      if (rest.length === 1 && rest[0].flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) {
        surface[at] = `${nullish.map(print).join(' | ')} or:`;
        return walk(`${at}!`, rest[0], depth, trail);
      }
      return leaf();
    }
    if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return leaf();
    const next = new Set(trail).add(type);
    if (type.flags & ts.TypeFlags.Object && checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type);
      if (element) return walk(`${at}[]`, element, depth + 1, next);
    }
    if (isLibrary(type)) return leaf();
    const calls = type.getCallSignatures();
    const constructs = type.getConstructSignatures();
    const properties = publicProperties(type);
    if (calls.length + constructs.length + properties.length === 0) return leaf();
    surface[at] = calls.length > 0 ? 'function' : constructs.length > 0 ? 'class' : 'object';
    const signature = (kind, list) =>
      list.forEach((sig, index) => {
        const base = `${at}${kind}(${list.length > 1 ? index : ''})`;
        sig.getParameters().forEach((parameter) => {
          const declaration = parameter.valueDeclaration;
          const optional =
            declaration &&
            ts.isParameter(declaration) &&
            (declaration.questionToken || declaration.initializer);
          const where = `${base}.${parameter.name}`;
          surface[where] = `${optional ? 'optional' : 'required'} parameter`;
          walk(`${where}:`, checker.getTypeOfSymbol(parameter), depth + 1, next);
        });
        walk(`${base}=>`, sig.getReturnType(), depth + 1, next);
      });
    signature('', calls);
    signature('new', constructs);
    for (const property of properties) {
      const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
      walk(`${at}.${property.name}${optional}`, checker.getTypeOfSymbol(property), depth + 1, next);
    }
  };

  // `routes` and `type Routes = typeof routes`: the value is recorded as the type it is.
  const exportedTypeNames = new Map();
  for (const { key, exported } of modules)
    for (const { name, symbol } of exported)
      if (isTypeSymbol(symbol))
        exportedTypeNames.set(checker.getDeclaredTypeOfSymbol(symbol), `${key}:${name}`);

  for (const { key, exported } of modules) {
    for (const { name, symbol } of exported) {
      const at = `${key}:${name}`;
      // A name that is both a type and a value (a TypeBox schema and its `Static` type, a class): the type
      // says what the data is; a class's constructor and statics are recorded beside it.
      if (isTypeSymbol(symbol)) walk(at, checker.getDeclaredTypeOfSymbol(symbol), 0, new Set());
      if (symbol.flags & ts.SymbolFlags.Class)
        walk(`${at}:class`, checker.getTypeOfSymbol(symbol), 0, new Set());
      else if (symbol.flags & ts.SymbolFlags.Value && !isTypeSymbol(symbol)) {
        const type = checker.getTypeOfSymbol(symbol);
        const same = exportedTypeNames.get(type);
        if (same) surface[at] = `typeof ${same}`;
        else walk(at, type, 0, new Set());
      }
    }
  }
  return Object.fromEntries(Object.entries(surface).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function isTypeSymbol(symbol) {
  return Boolean(
    symbol.flags &
    (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum),
  );
}

/**
 * What changed between two surfaces, and the version bump that needs: `major` when anything a built module may
 * rely on was removed or changed (or a function it calls needs a new argument), `minor` for additions only.
 */
export function compareSurfaces(before, after) {
  const removed = Object.keys(before).filter((key) => !(key in after));
  const changed = Object.keys(before).filter((key) => key in after && before[key] !== after[key]);
  const added = Object.keys(after).filter((key) => !(key in before));
  const newRequiredArguments = added.filter((key) => {
    if (after[key] !== 'required parameter') return false;
    const fn = /^(.*?)(new)?\(\d*\)\.[^.]+$/.exec(key)?.[1];
    return fn !== undefined && fn in before;
  });
  const breaking = [
    ...removed.map((key) => `removed ${key}`),
    ...changed.map((key) => `changed ${key}: ${before[key]} → ${after[key]}`),
    ...newRequiredArguments.map((key) => `added ${key} (a required argument)`),
  ];
  const additions = added.filter((key) => !newRequiredArguments.includes(key)).map((key) => `added ${key}`);
  const bump = breaking.length > 0 ? 'major' : additions.length > 0 ? 'minor' : 'none';
  return { bump, breaking, additions };
}

/** The lowest version the change allows after `released`. */
export function requiredVersion(released, bump) {
  return bump === 'none' ? released : semver.inc(released, bump);
}

/**
 * A digest of everything the surface is read from: the SDK's sources (tests aside), its package and compiler
 * settings, the lockfile (library types appear at the leaves), the TypeScript version and this script. The
 * record keeps it: while it matches, the surface cannot have changed and the check needs no compiler.
 */
export function sourcesDigest(dir = sharedDir) {
  const hash = crypto.createHash('sha256');
  const add = (file) => {
    hash.update(path.relative(repoRoot, file)).update('\0');
    hash.update(fs.existsSync(file) ? fs.readFileSync(file) : '').update('\0');
  };
  const walk = (folder) => {
    for (const entry of fs
      .readdirSync(folder, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__tests__' && entry.name !== 'node_modules') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) add(full);
    }
  };
  walk(path.join(dir, 'src'));
  for (const file of ['package.json', 'tsconfig.json']) add(path.join(dir, file));
  add(path.join(dir, '..', 'tsconfig.base.json'));
  add(path.join(dir, '..', 'pnpm-lock.yaml'));
  add(fileURLToPath(import.meta.url));
  hash.update(ts.version);
  return hash.digest('hex');
}

export function readRecord(file = recordFile) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

export function packageVersion(dir = sharedDir) {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

const SHOWN = 20;
function listed(lines) {
  const shown = lines.slice(0, SHOWN).map((line) => `  - ${line}`);
  if (lines.length > SHOWN) shown.push(`  … and ${lines.length - SHOWN} more`);
  return shown;
}

/**
 * The check CI runs: the code's surface and version against the record. Returns `{ ok, report }`.
 * `ok` only when the surface is the recorded one and the version is the recorded version.
 */
export function checkRecord({ record, surface, version }) {
  const { bump, breaking, additions } = compareSurfaces(record.surface, surface);
  const needed = requiredVersion(record.version, bump);
  if (bump === 'none' && version === record.version)
    return { ok: true, report: `SDK surface: @swx/shared ${version} is the recorded surface` };
  const lines = [];
  if (bump !== 'none') {
    lines.push(
      `SDK surface: the @swx/shared surface changed since ${record.version} (${bump === 'major' ? 'a breaking change' : 'additions only'}):`,
      ...listed([...breaking, ...additions]),
    );
    if (!semver.valid(version) || semver.lt(version, needed))
      lines.push(
        `  version ${version} is not enough: a ${bump} change needs ${needed} or later in shared/package.json`,
      );
  } else {
    lines.push(`SDK surface: shared/package.json says ${version}, the record says ${record.version}`);
  }
  lines.push('  then record it: node scripts/release/sdk-surface.mjs --write');
  return { ok: false, report: lines.join('\n') };
}

/** `--write`: the new record, or an error when the version does not allow the change. */
export function nextRecord({ record, surface, version }) {
  if (!semver.valid(version))
    throw new Error(`shared/package.json's version ${version} is not a semantic version`);
  if (record) {
    const { bump } = compareSurfaces(record.surface, surface);
    const needed = requiredVersion(record.version, bump);
    if (semver.lt(version, needed))
      throw new Error(
        `the surface changed since ${record.version} (${bump}): set shared/package.json's version to ${needed} or later first`,
      );
  }
  return { version, digest: sourcesDigest(), surface };
}

/** The check as CI runs it: instant while the sources are those of the record, else against the compiler's read. */
export function checkRepository({ full = false } = {}) {
  const version = packageVersion();
  if (!fs.existsSync(recordFile))
    return { ok: false, report: 'SDK surface: no record yet: node scripts/release/sdk-surface.mjs --write' };
  const record = readRecord();
  if (!full && record.digest === sourcesDigest() && record.version === version)
    return { ok: true, report: `SDK surface: @swx/shared ${version}, sources unchanged since the record` };
  return checkRecord({ record, surface: readSurface(), version });
}

function main(argv) {
  if (!argv.includes('--write')) {
    const { ok, report } = checkRepository({ full: argv.includes('--full') });
    (ok ? console.log : console.error)(report);
    return ok ? 0 : 1;
  }
  const surface = readSurface();
  const version = packageVersion();
  const record = fs.existsSync(recordFile) ? readRecord() : undefined;
  const next = nextRecord({ record, surface, version });
  fs.writeFileSync(recordFile, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`SDK surface: recorded ${Object.keys(surface).length} paths as @swx/shared ${version}`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(`sdk-surface: ${error.message}`);
    process.exitCode = 1;
  }
}
