import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const webApp = path.join(import.meta.dirname, 'apps/web/app');
/** The back-office, an app of its own beside the public site (vite.admin.config.ts). */
const webAdmin = path.join(import.meta.dirname, 'apps/web/admin');

/** 'admin' for the back-office; 'features/<name>', 'components' or 'lib' for a file of the site; null elsewhere. */
function webLayer(file) {
  if (!path.relative(webAdmin, file).startsWith('..')) return 'admin';
  const [top, name] = path.relative(webApp, file).split(path.sep);
  if (top === 'features' && name) return `features/${name}`;
  return top === 'components' || top === 'lib' ? top : null;
}

/**
 * Shared code flows shared → features → app (as in bulletproof-react): a feature imports
 * no other feature, and `components/` and `lib/` import no feature; only `routes/` compose them.
 * What two features need goes to `components/` or `lib/`, or a route composes both (it hands one
 * feature's element or callback to the other). Imports are resolved from the file, so
 * '../../auth/session' is caught whatever the folder depth. The back-office (apps/web/admin) is an
 * app beside the site: it may use `components/` and `lib/`, and no feature of the site.
 */
const webBoundaries = {
  rules: {
    'no-cross-feature-imports': {
      meta: {
        type: 'problem',
        messages: {
          otherFeature:
            '{{from}} imports {{to}}: a feature imports no other feature; move what both need to components/ or lib/, or compose both in routes/.',
          sharedImportsFeature:
            '{{from}}/ imports {{to}}: shared code imports no feature; move what it needs to components/ or lib/.',
          adminImportsFeature:
            'apps/web/admin imports {{to}}: the back-office imports no feature of the public site; move what both need to components/ or lib/.',
        },
        schema: [],
      },
      create(context) {
        const from = webLayer(context.filename);
        if (!from) return {};
        const check = (source) => {
          if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const to = webLayer(path.resolve(path.dirname(context.filename), source.value));
          if (!to?.startsWith('features/') || to === from) return;
          context.report({
            node: source,
            messageId:
              from === 'admin'
                ? 'adminImportsFeature'
                : from.startsWith('features/')
                  ? 'otherFeature'
                  : 'sharedImportsFeature',
            data: { from, to },
          });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
        };
      },
    },
  },
};

/**
 * Test code, named one way wherever it lives: a test (`*.test.ts`, e2e's `*.spec.ts`), what a
 * domain's tests share beside them (`*.test-support.ts`: the world they build, how they read a
 * badge), and the test folders. Source code imports none of it (apps/api/test/domain-graph.test.ts).
 */
const TEST_CODE = ['**/*.test.ts', '**/*.test-support.ts', '**/*.spec.ts', '**/test/**', '**/e2e/**'];

const apiDomains = path.join(import.meta.dirname, 'apps/api/src/domains');

/**
 * The API's domains from the ground up: each one imports only domains before it in this list, so
 * the arrows between domains run one way and none imports another back. The
 * ground holds what every domain needs: the current show, the audit log, the mail (which is given
 * its link makers by server.ts, and imports no domain). A new domain takes its place here.
 */
const API_DOMAIN_ORDER = [
  'show',
  'media',
  'audit',
  'mail',
  'directory',
  'floor-plan',
  'files',
  'badges',
  'registration',
  'stand-sales',
  'scans',
  'gate',
  'kiosk',
  'content',
  'visit',
  'editions',
  'personal-data',
  'health',
  'auth',
  'exhibitor-area',
  'back-office',
];

/** The domain of a file of the API (`domains/<name>/…`), or null. */
function apiDomain(file) {
  const [name, rest] = path.relative(apiDomains, file).split(path.sep);
  return rest && !name.startsWith('..') ? name : null;
}

const apiBoundaries = {
  rules: {
    'domain-order': {
      meta: {
        type: 'problem',
        messages: {
          upward:
            '{{from}} imports {{to}}, which stands above it (API_DOMAIN_ORDER in eslint.config.js): move what both need down, or have server.ts wire it in.',
          unknown: 'The domain {{name}} has no place in API_DOMAIN_ORDER (eslint.config.js): give it one.',
        },
        schema: [],
      },
      create(context) {
        const from = apiDomain(context.filename);
        if (!from) return {};
        const rank = (name) => API_DOMAIN_ORDER.indexOf(name);
        const check = (source) => {
          if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const to = apiDomain(path.resolve(path.dirname(context.filename), source.value));
          if (!to || to === from) return;
          for (const name of [from, to]) {
            if (rank(name) < 0) return context.report({ node: source, messageId: 'unknown', data: { name } });
          }
          if (rank(to) > rank(from)) context.report({ node: source, messageId: 'upward', data: { from, to } });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'web-boundaries': webBoundaries },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'web-boundaries/no-cross-feature-imports': 'error',
    },
  },
  {
    // Test code may reach any domain (its support builds the world a test needs).
    files: ['apps/api/src/domains/**/*.ts'],
    ignores: TEST_CODE,
    plugins: { 'api-boundaries': apiBoundaries },
    rules: { 'api-boundaries/domain-order': 'error' },
  },
  {
    // The current edition is data (apps/api/src/domains/show/current-edition.ts): the app never
    // names the demo's. Seeds and test code may.
    files: ['apps/api/src/**/*.ts', 'apps/web/{app,admin}/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: [...TEST_CODE, 'apps/api/src/db/seed/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@salon/shared',
              importNames: ['DEMO_EDITION_ID'],
              message: 'Ask the current edition (domains/show/current-edition.ts): it is the organiser’s to change.',
            },
          ],
        },
      ],
    },
  },
  {
    // A source file reads in one sitting: over 400 lines, split it along its seams (one part of the
    // back-office, one group of mails...). Every line counts, blank or comment. Test code, whose cases
    // read one at a time, is left out; the seed data (apps/api/src/db/seed/) is under it and held
    // to it like the rest.
    files: [
      'apps/**/src/**/*.ts',
      'apps/web/app/**/*.{ts,tsx}',
      'apps/web/admin/**/*.{ts,tsx}',
      'packages/shared/src/**/*.ts',
    ],
    ignores: TEST_CODE,
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
