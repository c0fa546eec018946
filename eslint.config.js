// Lint holds the walls between the rooms of the code (docs/architecture.md) and the habits the compiler
// cannot: every promise awaited or handed on, type-only imports spelled as such. test/unit/lint-walls.test.ts
// proves each wall with a file that crosses it.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Modules of the service a pure library must never reach. */
const SERVICE_LAYERS = ['api', 'activities', 'workflows', 'workers', 'db', 'upstreams', 'scripts'];

/**
 * core/ holds two rooms. Its runtime serves the processes: configuration, logs, metrics, telemetry,
 * the Temporal client and launchers, the worker pool, the outbox (events, owed workflow starts,
 * their dispatchers), and the use cases the API and the activities share (the inbound door,
 * lifecycle commands). Every other file of core/ is a pure domain rule that any layer, workflows
 * included, may import.
 */
const CORE_RUNTIME = [
  'afnor-flows',
  'circuit-breaker',
  'config',
  'embedded-postgres',
  'event-dispatcher',
  'inbound-door',
  'lifecycle-commands',
  'log',
  'metrics',
  'metrics-server',
  'peppol-pool',
  'peppol-pool-worker',
  'pid-files',
  'ports',
  'startup-error',
  'supervisor',
  'tag-learning',
  'telemetry',
  'temporal-client',
  'temporal-dev-server',
  'temporal-logger',
  'webhook-targets',
  'workflow-starts',
];
const CORE_RUNTIME_FILES = CORE_RUNTIME.map((name) => `core/${name}.ts`);

/** The layers where no query is built: they call repository functions of db/. */
const QUERYLESS = ['api', 'activities', 'workflows', 'workers', 'upstreams', 'core'].map((dir) => `${dir}/**/*.ts`);
const QUERY_BUILDERS = ['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto'];

/** An import pattern matching a relative import of one of our top-level folders, from any depth. */
const layer = (name) => ({ regex: `^(\\.\\./)+${name}/`, message: `this layer must not import ${name}/` });

/** A relative import of one of the named core/ modules, from core/ itself or from any depth. */
const coreModules = (names, who) => ({
  regex: `^(\\./|(\\.\\./)+core/)(${names.join('|')})\\.ts$`,
  message: `${who} must not import core/'s runtime (docs/architecture.md)`,
});

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Every Node built-in, with or without the `node:` prefix. */
const NODE_BUILTINS = [
  { regex: '^node:', message: 'workflow code must be deterministic: no Node built-ins' },
  {
    regex: `^(${builtinModules.map(escapeRegex).join('|')})(/.*)?$`,
    message: 'workflow code must be deterministic: no Node built-ins',
  },
];

/** Node built-ins that reach outside the process. */
const NODE_IO = {
  regex: '^(node:)?(fs|fs/promises|net|http|https|http2|dns|child_process|cluster|dgram|tls|worker_threads)$',
  message: 'pure code does no I/O',
};

const KYSELY = { regex: '^kysely$', message: 'Kysely lives in db/: name the row types db/schema.ts exports' };

export default tseslint.config(
  { ignores: ['node_modules/', '.venv/', '.data/', '.test-data/', 'conformance/target/', 'clients/*/dist/', 'dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // The codebase narrows external JSON (request bodies, rows, XML) at the edges on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      'no-control-regex': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // Workflow code is replayed: no I/O, no Node built-ins, no runtime module, no service layer except by type.
    files: ['workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...NODE_BUILTINS,
            {
              regex: '^@temporalio/(client|worker|activity|testing)$',
              message: 'workflows import only @temporalio/workflow and @temporalio/common',
            },
            ...['api', 'activities', 'workers', 'db', 'upstreams', 'scripts'].map((name) => ({
              ...layer(name),
              allowTypeImports: true,
            })),
            { ...coreModules(CORE_RUNTIME, 'workflow code'), allowTypeImports: true },
            KYSELY,
          ],
        },
      ],
    },
  },
  {
    // The Peppol library is pure: it knows nothing of the service around it.
    files: ['peppol/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [...[...SERVICE_LAYERS, 'core'].map(layer), KYSELY] },
      ],
    },
  },
  {
    // core/'s domain rules are pure: no I/O, no runtime module, no service layer.
    files: ['core/**/*.ts'],
    ignores: CORE_RUNTIME_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [...SERVICE_LAYERS.map(layer), coreModules(CORE_RUNTIME, 'a pure rule'), NODE_IO, KYSELY],
        },
      ],
    },
  },
  {
    // core/'s runtime (clients, pools, telemetry, launchers, the outbox) serves the layers; it never calls them.
    files: CORE_RUNTIME_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...['api', 'activities', 'workers', 'upstreams', 'scripts'].map(layer),
            { ...layer('workflows'), allowTypeImports: true },
            KYSELY,
          ],
        },
      ],
    },
  },
  {
    // Repositories speak SQL and domain values: no HTTP, no Temporal.
    files: ['db/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...['api', 'activities', 'workflows', 'workers', 'upstreams', 'scripts'].map(layer),
            {
              regex: '^(express|express-openapi-validator|passport.*|@temporalio/.*)$',
              message: 'db/ knows no HTTP or Temporal',
            },
          ],
        },
      ],
    },
  },
  {
    // The API starts and signals workflows; it never runs activity code.
    files: ['api/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [layer('activities'), layer('workers'), KYSELY] },
      ],
    },
  },
  {
    // Activities act for workflows; the HTTP layer is not theirs to call.
    files: ['activities/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [layer('api'), layer('workers'), { ...layer('workflows'), allowTypeImports: true }, KYSELY] },
      ],
    },
  },
  {
    // Upstream adapters speak to the world outside; the service's layers are not theirs to call.
    files: ['upstreams/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...['api', 'activities', 'workers'].map(layer),
            { ...layer('workflows'), allowTypeImports: true },
            KYSELY,
          ],
        },
      ],
    },
  },
  {
    // The worker process wires workflows and activities; the HTTP layer is the API process's.
    files: ['workers/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [layer('api'), KYSELY] }] },
  },
  {
    // Queries live in db/: every other layer calls a repository function.
    files: QUERYLESS,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^(${QUERY_BUILDERS.join('|')})$/]`,
          message: 'queries live in db/: call (or add) a repository function',
        },
      ],
    },
  },
  {
    // The SDK ships alone: it speaks HTTP to the service and imports none of its code.
    files: ['clients/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [...SERVICE_LAYERS, 'core', 'peppol'].map(layer) },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // chai's property assertions (`expect(x).to.be.true`) are expressions by design.
      '@typescript-eslint/no-unused-expressions': 'off',
      'no-unused-expressions': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
