import js from '@eslint/js';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'e2e/.output/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Migrations and a few driver seams take Kysely<any> on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Issue 21 "The web in one style": every word a person reads lives in common/messages.ts.
  // JSX text is refused outright (punctuation between expressions may stay); a string literal is
  // refused where a person reads it: the props below, ternaries and fallbacks written as JSX
  // children, aria-label in a *Props object, and the toasts of useApiMutation. Other attribute
  // values (variant="filled", size="lg") are not words, and stay. One no-restricted-syntax list
  // here: a later block for web/ that sets that rule would replace it, so add selectors here.
  ...userFacingText(),
  {
    // The launcher and the build run as plain Node scripts, before anything is compiled.
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

function userFacingText() {
  const readProps =
    '/^(aria-label|aria-description|aria-valuetext|aria-roledescription|alt|title|placeholder|label|description|error|heading|message|tooltip|[a-z]+(Label|Text|Title|Message|Description|Placeholder))$/';
  const words = '/[A-Za-z]/';
  const message = 'User-facing text belongs in common/messages.ts (issue 21): use a messages entry.';
  return [
    {
      files: ['web/src/**/*.{ts,tsx}'],
      ignores: [
        'web/src/**/*.test.{ts,tsx}',
        'web/src/test/**',
      ],
      plugins: { react },
      rules: {
        'react/jsx-no-literals': [
          'error',
          { noStrings: true, ignoreProps: true, allowedStrings: ['·', '—', '–', '(', ')', ':', '/', '%', '…', '•', '|', ',', '.', '?', '!', '&', '+', '-', '×', '@', '#', '"', "'"] },
        ],
        'no-restricted-syntax': [
          'error',
          ...[
            `JSXAttribute[name.name=${readProps}] > Literal[value=${words}]`,
            `JSXAttribute[name.name=${readProps}] > JSXExpressionContainer > Literal[value=${words}]`,
            `JSXAttribute[name.name=${readProps}] > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal[value=${words}]`,
            `JSXAttribute[name.name=${readProps}] > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.cooked=${words}]`,
            `JSXAttribute Property[key.value=${readProps}] > Literal.value[value=${words}]`,
            `JSXAttribute Property[key.name=${readProps}] > Literal.value[value=${words}]`,
            // {cond ? 'Play' : 'Pause'} and {name ?? 'Your Family'} as children (not inside another attribute).
            `:matches(JSXElement, JSXFragment) > JSXExpressionContainer :matches(ConditionalExpression, LogicalExpression) > Literal:not(.test):not(JSXAttribute Literal)[value=${words}]`,
            `CallExpression[callee.name='useApiMutation'] > ObjectExpression > Property[key.name=/^(success|error)$/] > Literal[value=${words}]`,
            `CallExpression[callee.name='useApiMutation'] > ObjectExpression > Property[key.name=/^(success|error)$/] > ArrowFunctionExpression > TemplateLiteral > TemplateElement[value.cooked=${words}]`,
          ].map((selector) => ({ selector, message })),
        ],
      },
    },
  ];
}
