import i18next from 'eslint-plugin-i18next';
import tseslint from 'typescript-eslint';

/**
 * Every text a person reads comes from the message catalogue (decisions 024, 039): a JSX text
 * node, or a user-facing attribute (aria-label, placeholder, title, alt, label, description)
 * written as a literal in client code is an error. eslint-plugin-i18next's no-literal-string,
 * limited to JSX so code strings (class names, keys, routes) stay free.
 *
 * The screens listed in NOT_YET_IN_THE_CATALOGUE still show inline English (the vendor and admin
 * areas, the vendor application, a few account and billing pages); they leave the list as they
 * move, and a file not on it can never gain a literal.
 */
export const NOT_YET_IN_THE_CATALOGUE = [
  'src/client/app/layouts/sidebar-layout.tsx',
  'src/client/components/admin/**',
  'src/client/components/codes/code-entry.tsx',
  'src/client/components/screen-in-progress.tsx',
  'src/client/components/ui/button.tsx',
  'src/client/components/ui/dialog.tsx',
  'src/client/components/guards.tsx',
  'src/client/features/accounts/components/auth-notes.tsx',
  'src/client/features/accounts/components/auth-page.tsx',
  'src/client/features/accounts/components/complete-profile-page.tsx',
  'src/client/features/accounts/components/forgot-password-form.tsx',
  'src/client/features/accounts/components/reset-password-page.tsx',
  'src/client/features/accounts/components/sign-in-panel.tsx',
  'src/client/features/accounts/components/sign-up-panel.tsx',
  'src/client/features/accounts/components/two-factor-code-step.tsx',
  'src/client/features/accounts/components/two-factor-settings.tsx',
  'src/client/features/billing/components/payment-cancel-page.tsx',
  'src/client/features/billing/components/payment-success-page.tsx',
  'src/client/features/billing/components/pricing-page.tsx',
  'src/client/features/notifications/components/email-preferences-form.tsx',
  'src/client/features/notifications/components/email-preferences-page.tsx',
  'src/client/features/notifications/components/unsubscribe-page.tsx',
  'src/client/features/vendor-applications/components/vendor-signup-page.tsx',
  // The vendor's and the admin's panels of referrals and ratings (decision 038), English like the
  // rest of those areas.
  'src/client/features/feedback/components/admin-vendor-ratings.tsx',
  'src/client/features/feedback/components/rating-summary-view.tsx',
  'src/client/features/feedback/components/vendor-ratings-panel.tsx',
  'src/client/features/referrals/components/vendor-referral-settings.tsx',
  'src/client/features/vendors/components/join-vendor-page.tsx',
  'src/client/features/*/components/vendor/**',
  'src/client/features/*/components/admin/**',
];

export const literalTextsConfig = {
  files: ['src/client/**/*.tsx'],
  ignores: ['**/*.test.tsx', ...NOT_YET_IN_THE_CATALOGUE],
  languageOptions: { parser: tseslint.parser },
  plugins: { i18next },
  rules: {
    'i18next/no-literal-string': [
      'error',
      {
        mode: 'jsx-only',
        'jsx-attributes': {
          include: ['aria-label', 'aria-description', 'placeholder', 'title', 'alt', 'label', 'description'],
        },
      },
    ],
  },
};
