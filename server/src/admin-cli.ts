import { parseArgs } from 'node:util';
import readline from 'node:readline';
import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createServices, type Services } from './services';
import { badRoles, type StaffIdentity } from './staff/staff';
import { staffRoles, type StaffRole } from '@swx/shared/contract';
import { isAppError } from './http/errors';
import { rotateKeys } from './keys';

/** The command line prints its own report; the rotation's log lines would repeat it. */
const silentLog = { info: () => undefined, warn: () => undefined };

/**
 * The staff command line: `pnpm admin <command>`. It opens the database directly and works through the same
 * services as the admin API, so every action is validated and audited the same way (as the `--staff` user).
 * On the embedded PGlite database stop the server first: PGlite allows one process at a time.
 */
const usage = `Usage: pnpm admin <command> [options]

Commands:
  create-staff <username>                 new staff account (password from STAFF_PASSWORD, else prompted),
                                          with --roles and --email; the first account is an admin by default
  set-staff-email <username> <email>      the address reset links and re-enrolment codes go to
  reviews <kind> [status]                 list records of a review kind (deposit, withdrawal, kyc, loan), pending by default
  approve <kind> <id>                     approve a pending record
  reject <kind> <id> <reason>             reject a pending record with a reason
  ledger-check                            check the ledger balances against its entries
  set-param <key> <value> <reason>        change a server parameter (editorial: at once; otherwise a pending
                                          change a second admin approves)
  params                                  list the server parameters
  changes [status]                        list pending changes (maker-checker), pending by default
  approve-change <id> <reason>            approve and apply a pending change (not one's own)
  reject-change <id> <reason>             reject a pending change (or withdraw one's own)
  audit-verify                            recompute the audit log's hash chain; names the first broken row
  audit-anchors                           the latest daily anchors of the audit log (anchoring finished days first)
  rotate-keys                             wrap every data key again under the active identity key
                                          (IDENTITY_ACTIVE_KEY); data is not re-encrypted; resumable, and
                                          safe while the server runs on PostgreSQL; audited
  key-usage                               sealed values per place and key id: a key may leave
                                          IDENTITY_KEYS once no place lists it

Options:
  --roles <list>       create-staff: comma-separated roles (${staffRoles.join(', ')}); nobody holds admin and finance
  --email <address>    create-staff: the member's e-mail address
  --staff <username>   the staff member acting (required except for reviews, params, ledger-check, audit-*,
                       rotate-keys and key-usage; optional for create-staff when no staff account exists yet)
  --batch <n>          rotate-keys: values per batch (default 200)
  --json               print results as JSON
  -h, --help           this text`;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Asks for a password without echoing it (only called when STAFF_PASSWORD is unset). */
  readPassword: (prompt: string) => Promise<string>;
}

class UsageError extends Error {}

async function actingStaff(services: Services, username: string | undefined): Promise<StaffIdentity> {
  if (!username) throw new UsageError('--staff <username> is required for this command');
  const found = await services.staff.findByUsername(username);
  if (!found) throw new UsageError(`No active staff account "${username}"`);
  return found;
}

/** `--roles a,b`: required once staff exist; the first account (no staff yet) is an admin without it. */
function rolesOption(option: string | undefined, anyStaff: boolean): StaffRole[] {
  if (option === undefined) {
    if (anyStaff)
      throw new UsageError(`--roles is required: a comma-separated list of ${staffRoles.join(', ')}`);
    return ['admin'];
  }
  const roles = option
    .split(',')
    .map((role) => role.trim())
    .filter((role) => role.length > 0);
  const wrong = badRoles(roles);
  if (wrong) throw new UsageError(wrong);
  return roles as StaffRole[];
}

function print(io: CliIo, value: unknown, json: boolean, text: () => string) {
  io.out(json ? JSON.stringify(value, null, 2) : text());
}

/** Runs one command on already-built services; returns the process exit code. */
export async function runCli(argv: string[], services: Services, io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        staff: { type: 'string' },
        roles: { type: 'string' },
        batch: { type: 'string' },
        email: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...args] = positionals;
  const json = values.json === true;
  if (values.help || !command) {
    io.out(usage);
    return values.help ? 0 : 2;
  }
  const need = (count: number, names: string) => {
    if (args.length < count) throw new UsageError(`${command} needs ${names}`);
  };

  try {
    switch (command) {
      case 'create-staff': {
        need(1, '<username>');
        const anyStaff = await services.staff.hasAny();
        const creator = values.staff || anyStaff ? await actingStaff(services, values.staff) : null;
        const roles = rolesOption(values.roles, anyStaff);
        const password = io.env.STAFF_PASSWORD || (await io.readPassword(`Password for ${args[0]}: `));
        // A member made by another goes through the same rules as in the back office (segregation of
        // duties, a new admin only by an approved role change); the very first account is the operator's.
        const created = creator
          ? await services.staffManagement.create(creator, {
              username: args[0]!,
              password,
              roles,
              email: values.email ?? '',
            })
          : await services.database.db.transaction((tx) =>
              services.staff.create(tx, args[0]!, password, null, roles, { email: values.email ?? null }),
            );
        print(io, created, json, () => `Created staff ${created.username} (id ${created.staffId})`);
        return 0;
      }
      case 'set-staff-email': {
        need(2, '<username> <email>');
        const member = await actingStaff(services, args[0]);
        const updated = await services.staffManagement.setEmailByOperator(member.staffId, args[1]!);
        print(io, updated, json, () => `${updated.username} <${updated.email}>`);
        return 0;
      }
      case 'reviews': {
        need(1, '<kind>');
        // Listing from the command line is the operator's, who holds the database itself: with --staff, as
        // that member (their roles apply).
        const viewer = values.staff ? await actingStaff(services, values.staff) : null;
        const rows = await services.reviews.list(args[0]!, args[1] ?? 'pending', viewer);
        print(io, rows, json, () =>
          rows.length === 0
            ? `No ${args[0]} records in status ${args[1] ?? 'pending'}`
            : rows.map((r) => JSON.stringify(r)).join('\n'),
        );
        return 0;
      }
      case 'approve': {
        need(2, '<kind> <id>');
        const staff = await actingStaff(services, values.staff);
        const result = await services.reviews.approve(args[0]!, args[1]!, staff, {});
        print(io, result, json, () => `Approved ${args[0]} ${args[1]}`);
        return 0;
      }
      case 'reject': {
        need(3, '<kind> <id> <reason>');
        const staff = await actingStaff(services, values.staff);
        const reason = args.slice(2).join(' ');
        const result = await services.reviews.reject(args[0]!, args[1]!, staff, reason);
        print(io, result, json, () => `Rejected ${args[0]} ${args[1]}: ${reason}`);
        return 0;
      }
      case 'set-param': {
        need(3, '<key> <value> <reason>');
        const staff = await actingStaff(services, values.staff);
        const reason = args.slice(2).join(' ');
        if (services.params.isEditorial(args[0]!)) {
          const updated = await services.params.set(args[0]!, args[1]!, { staffId: staff.staffId, reason });
          print(io, updated, json, () => `${updated.key} = ${updated.value}`);
          return 0;
        }
        const change = await services.changes.request(
          'param',
          staff,
          { key: args[0]!, value: args[1]! },
          reason,
        );
        print(
          io,
          change,
          json,
          () => `Pending change ${change.id}: ${change.target} waits for a second admin`,
        );
        return 0;
      }
      case 'changes': {
        const viewer = await actingStaff(services, values.staff);
        const status = (args[0] ?? 'pending') as 'pending' | 'approved' | 'rejected';
        if (!['pending', 'approved', 'rejected'].includes(status))
          throw new UsageError('changes [pending|approved|rejected]');
        const rows = await services.changes.list(status, viewer);
        print(io, rows, json, () =>
          rows.length === 0
            ? `No ${status} changes`
            : rows
                .map(
                  (c) =>
                    `${c.id} ${c.kind} ${c.target} by ${c.requestedByUsername}: ${JSON.stringify(c.summary)}`,
                )
                .join('\n'),
        );
        return 0;
      }
      case 'approve-change':
      case 'reject-change': {
        need(2, '<id> <reason>');
        const staff = await actingStaff(services, values.staff);
        const reason = args.slice(1).join(' ');
        const decided =
          command === 'approve-change'
            ? await services.changes.approve(args[0]!, staff, reason)
            : await services.changes.reject(args[0]!, staff, reason);
        print(io, decided, json, () => `Change ${decided.id}: ${decided.status}`);
        return 0;
      }
      case 'audit-verify': {
        const report = await services.auditChain.verify();
        print(io, report, json, () =>
          report.ok
            ? `Audit chain OK: ${report.rowsChecked} rows, ${report.anchorsChecked} anchors, head ${report.lastHash ?? '(empty)'}`
            : `Audit chain BROKEN at row ${report.firstBroken!.id || '-'} (seq ${report.firstBroken!.seq}, ${report.firstBroken!.problem}): ${report.firstBroken!.detail}`,
        );
        return report.ok ? 0 : 1;
      }
      case 'audit-anchors': {
        await services.auditChain.anchorFinishedDays();
        const anchors = await services.auditChain.anchors();
        print(io, anchors, json, () =>
          anchors.length === 0
            ? 'No anchors yet (the first is made once a day with audit rows has ended)'
            : anchors.map((a) => `${a.day} seq ${a.lastSeq} ${a.lastHash} (${a.rows} rows)`).join('\n'),
        );
        return 0;
      }
      case 'params': {
        const all = services.params.list();
        print(io, all, json, () =>
          all.map((p) => `${p.key} = ${p.value}${p.public ? '' : ' (private)'}`).join('\n'),
        );
        return 0;
      }
      case 'ledger-check': {
        const report = await services.ledger.check();
        print(io, report, json, () =>
          report.ok
            ? 'Ledger OK'
            : `Ledger problems:\n${report.problems.map((p) => JSON.stringify(p)).join('\n')}`,
        );
        return report.ok ? 0 : 1;
      }
      case 'rotate-keys': {
        const staff = values.staff ? await actingStaff(services, values.staff) : null;
        const batchSize = values.batch === undefined ? 200 : Number(values.batch);
        if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
          throw new UsageError('--batch must be a whole number from 1 to 10000');
        const report = await rotateKeys(
          {
            keyRotation: services.keyRotation,
            audit: services.audit,
            db: services.database.db,
            log: silentLog,
          },
          staff?.staffId ?? null,
          {
            batchSize,
            onBatch: json
              ? undefined
              : (source, counts) => io.out(`${source}: ${counts.rewrapped} rewrapped so far`),
          },
        );
        const usage = await services.keyRotation.usage();
        print(io, { activeKey: services.keyRotation.activeKeyId, report, usage }, json, () =>
          [
            `Active key: ${services.keyRotation.activeKeyId}`,
            ...Object.entries(report).map(
              ([source, c]) =>
                `${source}: ${c.rewrapped} rewrapped, ${c.upgraded} sealed from before, ${c.changed} changed meanwhile, ${c.unreadable} unreadable`,
            ),
            `Still under each key: ${JSON.stringify(usage)}`,
          ].join('\n'),
        );
        return Object.values(report).some((c) => c.unreadable > 0) ? 1 : 0;
      }
      case 'key-usage': {
        const usage = await services.keyRotation.usage();
        print(io, { activeKey: services.keyRotation.activeKeyId, usage }, json, () =>
          [
            `Active key: ${services.keyRotation.activeKeyId}`,
            ...Object.entries(usage).map(
              ([source, byKey]) =>
                `${source}: ${
                  Object.entries(byKey)
                    .map(([key, count]) => `${key} ${count}`)
                    .join(', ') || 'nothing stored'
                }`,
            ),
          ].join('\n'),
        );
        return 0;
      }
      default:
        io.err(`Unknown command "${command}"\n\n${usage}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      return 2;
    }
    if (isAppError(error)) {
      io.err(`Refused (${error.code}): ${error.message}`);
      return 1;
    }
    throw error;
  }
}

function readHiddenPassword(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    let prompted = false;
    output._writeToOutput = (text: string) => {
      // Show the prompt once, then nothing of what is typed.
      if (!prompted) {
        prompted = true;
        process.stdout.write(text);
      }
    };
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

/** Entry point of dist/admin-cli.js: opens the configured database, runs one command, closes. */
export async function main(argv = process.argv.slice(2)): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const services = await createServices(config, database, pino({ level: 'warn' }));
    return await runCli(argv, services, {
      out: (text) => process.stdout.write(`${text}\n`),
      err: (text) => process.stderr.write(`${text}\n`),
      env: process.env,
      readPassword: readHiddenPassword,
    });
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
