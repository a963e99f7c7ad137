import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';

/**
 * Every text a person reads comes from the message catalogue (decisions 024, 039): a JSX text
 * node, or a user-facing attribute (aria-label, placeholder, title, alt, label, description)
 * written as a literal in client code is an error. eslint-plugin-i18next's no-literal-string,
 * limited to JSX so code strings (class names, keys, routes) stay free. It covers every client
 * .tsx file: the last screens with inline English moved into the catalogue, so there is no list
 * of exceptions any more.
 */
export const literalTextsConfig = {
  files: ['src/client/**/*.tsx'],
  ignores: ['**/*.test.tsx'],
  languageOptions: { parser: tseslint.parser },
  plugins: { i18next },
  rules: {
    'i18next/no-literal-string': [
      'error',
      {
        mode: 'jsx-only',
        'jsx-attributes': {
          include: [
            ...['aria-label', 'aria-description', 'placeholder', 'title', 'alt', 'label', 'description'],
            // Props that take elements: without them, a text inside <Banner action={<Button>…</Button>}>
            // went unchecked (an attribute not listed is skipped with everything written in it).
            ...['action', 'actions', 'empty', 'emptyState', 'hint', 'icon', 'render', 'renderRow', 'toolbar'],
          ],
        },
        // A form field's name ({...form.register('email')}) is code, not a text: the plugin's own
        // list of such callees, plus react-hook-form's register.
        callees: {
          exclude: [
            'i18n(ext)?',
            't',
            'require',
            'addEventListener',
            'removeEventListener',
            'postMessage',
            'getElementById',
            'dispatch',
            'commit',
            'includes',
            'indexOf',
            'endsWith',
            'startsWith',
            'register',
            'form.register',
          ],
        },
      },
    ],
  },
};
