// ESLint 9 flat config: `npm run lint`, a part of `npm test`, where any warning fails the run.
// typescript-eslint's recommended rules without type information (the types are checked by
// `tsc --noEmit`, a part of its own; typed linting would cost that minute again), the React hooks
// rules, and the formatting the code is written in (@stylistic: the formatting rules left ESLint's core).
import js from '@eslint/js';
import stylistic from '@stylistic/eslint-plugin';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'docs/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      // src/web runs in the browser, the rest on Node; tsc keeps each side to its own APIs.
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    plugins: { 'react-hooks': reactHooks, '@stylistic': stylistic },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // A `let` assigned once late but read earlier by a closure (a shutdown handler installed
      // before the thing it stops exists) cannot be a `const`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Chinese text spaces with U+3000 on purpose; it is only refused outside strings and JSX text.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true }],
      // A leading underscore marks a value left unused on purpose: a destructured column dropped
      // from a row (`const { password: _p, ...rest } = user`), a callback's unneeded parameter.
      '@typescript-eslint/no-unused-vars': ['warn', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_',
        destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true,
      }],
      // The agreed formatting, as the code is written: 2 spaces, single quotes, semicolons,
      // trailing commas on multi-line literals, no trailing spaces, a newline at the end.
      '@stylistic/indent': ['warn', 2, { SwitchCase: 1 }],
      '@stylistic/quotes': ['warn', 'single', { avoidEscape: true, allowTemplateLiterals: 'always' }],
      '@stylistic/semi': ['warn', 'always'],
      // `<T,>` is how a .tsx file writes an arrow function's type parameter.
      '@stylistic/comma-dangle': ['warn', {
        arrays: 'always-multiline', objects: 'always-multiline', imports: 'always-multiline', exports: 'always-multiline',
        functions: 'always-multiline', enums: 'always-multiline', tuples: 'always-multiline', generics: 'ignore',
      }],
      '@stylistic/jsx-quotes': ['warn', 'prefer-double'],
      '@stylistic/no-tabs': 'warn',
      '@stylistic/no-trailing-spaces': 'warn',
      '@stylistic/eol-last': 'warn',
    },
  },
  {
    // Tests read untyped JSON answers (`(await res.json()) as any`), and Kysely migrations take
    // `Kysely<any>` by design (a migration must not depend on today's table types). Elsewhere an
    // `any` is written under a `/* eslint-disable @typescript-eslint/no-explicit-any */` header that
    // says so, mostly Kysely glue over tables whose names come from the schemas at run time.
    files: ['test/**', '**/*.test.{ts,tsx}', 'src/server/db/migrations/**'],
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
