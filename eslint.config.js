// Lint holds the layer arrows of the architecture (README, "Layout") and the habits the compiler cannot:
// every promise awaited or handed on, type-only imports spelled as such.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Modules of the service a pure library must never reach. */
const SERVICE_LAYERS = ['api', 'activities', 'workflows', 'workers', 'db', 'upstreams', 'scripts'];

/** An import pattern matching a relative import of one of our top-level folders, from any depth. */
const layer = (name) => ({ regex: `^(\\.\\./)+${name}/`, message: `this layer must not import ${name}/` });

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
    // Workflow code is replayed: no I/O, no Node built-ins, no service layer except by type.
    files: ['workflows/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'workflow code must be deterministic: no Node built-ins' },
            {
              regex: '^@temporalio/(client|worker|activity|testing)$',
              message: 'workflows import only @temporalio/workflow and @temporalio/common',
            },
            ...['api', 'activities', 'workers', 'db', 'upstreams', 'scripts'].map((name) => ({
              ...layer(name),
              allowTypeImports: true,
            })),
          ],
        },
      ],
    },
  },
  {
    // The Peppol library is pure: it knows nothing of the service around it.
    files: ['peppol/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...SERVICE_LAYERS, 'core'].map(layer) }],
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
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [layer('activities'), layer('workers')] }],
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
