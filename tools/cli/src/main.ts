#!/usr/bin/env node
import { isRole, ROLES } from '@quire/access';
import { ApiError } from '@quire/errors';
import { SERVICE_NAMES } from '@quire/platform/topology';
import { parseFlags, UsageError } from './args';
import { adminClient, adminMetadata, resolveConnection } from './connection';
import { exportAuditLog } from './audit-export';
import { listDeadLetters, replayDeadLetters } from './dead-letters';
import { rebuildSearchIndex } from './search-rebuild';

// `npm run -s cli -- <command>`: administration of a running Quire (embedded or distributed).
// Output is only the value asked for, so scripts can capture it; messages go to stderr.

interface Command {
  usage: string;
  summary: string;
  flags: string[];
  /** Flags without a value. */
  switches?: string[];
  required: string[];
  /** The output; `ok: false` prints it and exits 1 (a partial failure). */
  run(flags: Record<string, string>): Promise<string | { output: string; ok: boolean }>;
}

const COMMANDS: Record<string, Command> = {
  'tokens create': {
    usage: 'tokens create --email <email> [--name <name>]',
    summary: 'Creates the user if missing and prints only a new API token for them.',
    flags: ['email', 'name'],
    required: ['email'],
    run: (f) =>
      withClient('createToken', (c, m) => c.createToken({ email: f.email as string, displayName: '', tokenName: f.name ?? '' }, m)).then((r) => r.token),
  },
  'tokens revoke': {
    usage: 'tokens revoke (--token <token> | --id <tokenId>)',
    summary: 'Revokes an API token; it stops working within seconds everywhere.',
    flags: ['token', 'id'],
    required: [],
    run: (f) => {
      if (!f.token === !f.id) throw new UsageError('give exactly one of --token or --id');
      return withClient('revokeToken', (c, m) => c.revokeToken({ tokenId: f.id ?? '', token: f.token ?? '' }, m)).then(() => 'revoked');
    },
  },
  'orgs create': {
    usage: 'orgs create --title <title> --owner <email>',
    summary: 'Creates an organization with the owner (created if missing) as admin; prints only its id.',
    flags: ['title', 'owner'],
    required: ['title', 'owner'],
    run: (f) =>
      withClient('createOrganization', (c, m) => c.createOrganization({ title: f.title as string, ownerEmail: f.owner as string }, m)).then(
        (r) => r.organizationId,
      ),
  },
  'members add': {
    usage: `members add --org <orgId> --email <email> --role <${ROLES.join('|')}>`,
    summary: "Adds a user (created if missing) to an organization, or changes the member's role; prints the user id.",
    flags: ['org', 'email', 'role'],
    required: ['org', 'email', 'role'],
    run: (f) => {
      if (!isRole(f.role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
      return withClient('addMember', (c, m) => c.addMember({ organizationId: f.org as string, email: f.email as string, role: f.role as string }, m)).then(
        (r) => r.userId,
      );
    },
  },
  'dead-letters list': {
    usage: `dead-letters list [--service <${SERVICE_NAMES.join('|')}>] [--consumer <consumer>] [--status <parked|replayed>]`,
    summary: 'Prints the messages consumers parked because a retry could not fix them (all services unless --service), one JSON object per line, oldest first.',
    flags: ['service', 'consumer', 'status'],
    required: [],
    run: (f) => {
      if (f.status && f.status !== 'parked' && f.status !== 'replayed') throw new UsageError('--status must be parked or replayed');
      return listDeadLetters(f);
    },
  },
  'dead-letters replay': {
    usage: 'dead-letters replay --service <service> (--id <id> | --all [--consumer <consumer>])',
    summary:
      "Runs parked messages through their consumer's handler again: success marks them replayed; a failure keeps them parked with the new error (exit code 1). Prints `<id> replayed` or `<id> parked <error>` per message.",
    flags: ['service', 'id', 'consumer'],
    switches: ['all'],
    required: ['service'],
    run: (f) => replayDeadLetters(f),
  },
  'audit export': {
    usage: 'audit export --org <orgId> [--from <date-time>] [--to <date-time>]',
    summary:
      "Prints an organization's audit events from --from to --to (both included; ISO 8601, e.g. 2026-01-31 or 2026-01-31T12:00:00Z) as NDJSON, one event with its details per line, newest first. Progress goes to stderr.",
    flags: ['org', 'from', 'to'],
    required: ['org'],
    run: (f) => exportAuditLog(f, process.stdout, (line) => process.stderr.write(line + '\n')),
  },
  'search rebuild': {
    usage: 'search rebuild [--space <spaceId>]',
    summary:
      "Rebuilds the search index from each space's current revision (every space, deleted ones' rows removed, unless --space). Prints a progress line per space on stderr and the totals.",
    flags: ['space'],
    required: [],
    run: (f) => rebuildSearchIndex(f, (line) => process.stderr.write(line + '\n')),
  },
};

const GENERAL_HELP = `Usage: npm run -s cli -- <command> [options]

Administration of a running Quire. Connects to identity over gRPC (IDENTITY_GRPC_ADDR), and for
dead letters, search and the audit export to each service's own HTTP port (<SERVICE>_HTTP_URL, e.g. CONTENT_HTTP_URL), with
INTERNAL_SECRET from the environment; for embedded mode all of it comes from DATA_DIR/runtime.json.

Commands:
${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}\n      ${c.summary}`)
  .join('\n')}

Run a command with --help for its options.`;

/** `tokens --help`, `dead-letters --help`: the commands of one group. */
function groupHelp(group: string | undefined): string | null {
  const commands = Object.entries(COMMANDS).filter(([name]) => name.split(' ')[0] === group);
  if (!commands.length) return null;
  return `Usage: npm run -s cli -- ${group} <command> [options]\n\nCommands:\n${commands.map(([, c]) => `  ${c.usage}\n      ${c.summary}`).join('\n')}`;
}

type Admin = ReturnType<typeof adminClient>;

async function withClient<T>(method: string, call: (client: Admin, metadata: ReturnType<typeof adminMetadata>) => Promise<T>): Promise<T> {
  const conn = resolveConnection();
  const client = adminClient(conn);
  try {
    return await call(client, adminMetadata(method, conn.secret));
  } finally {
    client.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  const name = argv.slice(0, 2).join(' ');
  const command = COMMANDS[name];
  if (!command) {
    if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
      process.stdout.write(GENERAL_HELP + '\n');
      return argv.length === 0 ? 1 : 0;
    }
    const group = groupHelp(argv[0]);
    if (group && (argv.length === 1 || argv[1] === '--help' || argv[1] === '-h')) {
      (argv.length === 1 ? process.stderr : process.stdout).write(group + '\n');
      return argv.length === 1 ? 1 : 0;
    }
    process.stderr.write(`error: unknown command "${argv.join(' ')}"\n\n${GENERAL_HELP}\n`);
    return 2;
  }
  try {
    const { flags, help } = parseFlags(argv.slice(2), command.flags, command.switches);
    if (help) {
      process.stdout.write(`Usage: npm run -s cli -- ${command.usage}\n\n${command.summary}\n`);
      return 0;
    }
    const missing = command.required.filter((f) => !flags[f]);
    if (missing.length) throw new UsageError(`missing ${missing.map((f) => `--${f}`).join(', ')}`);
    const result = await command.run(flags);
    const { output, ok } = typeof result === 'string' ? { output: result, ok: true } : result;
    if (output) process.stdout.write(output + '\n');
    return ok ? 0 : 1;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`error: ${err.message}\nusage: npm run -s cli -- ${command.usage}\n`);
      return 2;
    }
    const message = err instanceof ApiError ? err.message : (err as Error).message;
    process.stderr.write(`error: ${message}\n`);
    return 1;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => process.exit(code));
}
