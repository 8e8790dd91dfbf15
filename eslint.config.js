import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', 'public', 'node_modules', 'data', 'coverage', 'review', 'visual-report'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // A focused test left in place would skip the rest of its suite (it.only, describe.only,
      // test.describe.only, …).
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression > MemberExpression.callee[property.name='only']", message: 'No focused test: the rest of the suite would not run.' },
      ],
    },
  },
  {
    // Presentational components: props in, callbacks out. Data and routing live in src/routes.
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@tanstack/react-query', message: 'Components take data as props; query in src/routes.' },
            { name: 'react-router-dom', message: 'Components take hrefs and callbacks; route in src/routes.' },
            { name: 'react-router', message: 'Components take hrefs and callbacks; route in src/routes.' },
          ],
          patterns: [
            { group: ['**/api', '**/api/*', '@/api', '@/api/*'], message: 'Components never call the API.' },
          ],
        },
      ],
    },
  },
);
