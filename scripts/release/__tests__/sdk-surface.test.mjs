// The SDK version gate: the repository's record, and what counts as a breaking change, on a small SDK of the
// same shape (a package with a root entry and a contract) so each case reads in a moment.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { checkRecord, checkRepository, compareSurfaces, nextRecord, readSurface } from '../sdk-surface.mjs';

describe('the repository', () => {
  it('records the SDK surface of the code, at the version in shared/package.json', () => {
    const { ok, report } = checkRepository();
    assert.ok(ok, report);
  });
});

const folders = [];
after(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

const contract = `
export interface UserInfo {
  id: string;
  username: string;
  kycStatus: 'unverified' | 'verified';
}
export interface Profile {
  user: UserInfo;
  limits: { daily: string; monthly: string };
}
export const errors = { repeatedSubmission: '30000' } as const;
`;
const root = `
import type { UserInfo } from './contract';
export function greet(user: UserInfo, greeting?: string): string {
  return \`\${greeting ?? 'Hello'} \${user.username}\`;
}
export class Session {
  token: string | null = null;
  private secret = 1;
  signOut(): void {}
}
`;

/** A throwaway SDK: shared/package.json's exports and a tsconfig as the real one, `edit` applied to its sources. */
function sdk(edit = (text) => text) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swx-sdk-'));
  folders.push(dir);
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: '@swx/shared',
      version: '1.0.0',
      exports: { '.': './src/index.ts', './contract': './src/contract.ts' },
    }),
  );
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        lib: ['es2022'],
        module: 'esnext',
        moduleResolution: 'bundler',
        noEmit: true,
      },
    }),
  );
  fs.writeFileSync(path.join(dir, 'src', 'contract.ts'), edit(contract));
  fs.writeFileSync(path.join(dir, 'src', 'index.ts'), edit(root));
  return readSurface(dir);
}

const released = sdk();

describe('the surface', () => {
  it('is every export flattened into paths, with the type at each leaf; private members left out', () => {
    assert.equal(released['contract:UserInfo.username'], 'string');
    assert.equal(released["contract:UserInfo.kycStatus|'verified'"], 'member');
    assert.equal(released['contract:Profile.limits.daily'], 'string');
    // A named SDK type inside another is compared where it is declared.
    assert.equal(released['contract:Profile.user'], 'UserInfo');
    assert.equal(released['sdk:greet(.greeting'], undefined);
    assert.equal(released['sdk:greet().greeting'], 'optional parameter');
    assert.equal(released['sdk:Session.token'], 'string | null');
    assert.equal(released['sdk:Session.secret'], undefined);
  });
});

describe('compareSurfaces', () => {
  it('calls a renamed contract field a breaking change: major', () => {
    const renamed = sdk((text) =>
      text.replace('  username: string;', '  userName: string;').replace('user.username', 'user.userName'),
    );
    const { bump, breaking, additions } = compareSurfaces(released, renamed);
    assert.equal(bump, 'major');
    assert.deepEqual(breaking, ['removed contract:UserInfo.username']);
    assert.deepEqual(additions, ['added contract:UserInfo.userName']);
  });

  it('calls new fields, exports and union members additions: minor', () => {
    const extended = sdk((text) =>
      text
        .replace(
          "kycStatus: 'unverified' | 'verified';",
          "kycStatus: 'unverified' | 'verified' | 'failed';\n  phone?: string;",
        )
        .replace("repeatedSubmission: '30000'", "repeatedSubmission: '30000', stillProcessing: '11190'"),
    );
    assert.deepEqual(compareSurfaces(released, extended), {
      bump: 'minor',
      breaking: [],
      additions: [
        "added contract:UserInfo.kycStatus|'failed'",
        'added contract:UserInfo.phone?',
        'added contract:errors.stillProcessing',
      ],
    });
  });

  it('calls a new required argument of an existing function, or a changed type, breaking', () => {
    const stricter = sdk((text) =>
      text
        .replace('greeting?: string', 'greeting: string, name: string')
        .replace('monthly: string', 'monthly: number'),
    );
    const { bump, breaking } = compareSurfaces(released, stricter);
    assert.equal(bump, 'major');
    assert.deepEqual(breaking.sort(), [
      'added sdk:greet().name (a required argument)',
      'changed contract:Profile.limits.monthly: string → number',
      'changed sdk:greet().greeting: optional parameter → required parameter',
      'changed sdk:greet().greeting:: string | undefined → string',
    ]);
  });

  it('finds nothing when nothing changed', () => {
    assert.deepEqual(compareSurfaces(released, sdk()), { bump: 'none', breaking: [], additions: [] });
  });
});

describe('the record', () => {
  const record = { version: '1.0.0', surface: released };
  const renamed = sdk((text) => text.replace('  username: string;', '  userName: string;'));

  it('fails the check when the surface changed, naming the change and the version it needs', () => {
    const { ok, report } = checkRecord({ record, surface: renamed, version: '1.0.0' });
    assert.equal(ok, false);
    assert.match(report, /changed since 1\.0\.0 \(a breaking change\)/);
    assert.match(report, /removed contract:UserInfo\.username/);
    assert.match(report, /a major change needs 2\.0\.0 or later in shared\/package\.json/);
    // Bumped but not recorded yet: still not the record.
    assert.equal(checkRecord({ record, surface: renamed, version: '2.0.0' }).ok, false);
  });

  it('is written only with a version bump the change allows', () => {
    assert.throws(() => nextRecord({ record, surface: renamed, version: '1.1.0' }), /2\.0\.0 or later first/);
    const next = nextRecord({ record, surface: renamed, version: '2.0.0' });
    assert.equal(next.version, '2.0.0');
    assert.equal(checkRecord({ record: next, surface: renamed, version: '2.0.0' }).ok, true);
  });

  it('fails the check when the version moved without a new record', () => {
    const { ok, report } = checkRecord({ record, surface: released, version: '1.0.1' });
    assert.equal(ok, false);
    assert.match(report, /says 1\.0\.1, the record says 1\.0\.0/);
  });
});
