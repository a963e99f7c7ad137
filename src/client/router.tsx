import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from './app/not-found-page';
import { PublicLayout } from './app/layouts/public-layout';
import { RootLayout } from './app/layouts/root-layout';
import { RouteErrorPage } from './app/route-error-page';
import { FullPageSpinner } from './components/ui/spinner';
import { LandingPage } from './features/marketplace/components/landing-page';

/**
 * Turns a module's named export into a lazy route, so each screen (and with it the vendor and
 * admin areas) is its own chunk and the landing page never downloads admin code.
 */
function lazyComponent<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

const adminLayout = lazyComponent(() => import('./app/layouts/admin-layout'), 'AdminLayout');
const adminVendorsPage = lazyComponent(
  () => import('./features/admin/components/admin-vendors-page'),
  'AdminVendorsPage',
);

const publicRoutes: RouteObject[] = [
  { index: true, Component: LandingPage },
  { path: 'auth', lazy: lazyComponent(() => import('./features/accounts/components/auth-page'), 'AuthPage') },
  {
    path: 'auth/callback',
    lazy: lazyComponent(() => import('./features/accounts/components/auth-callback-page'), 'AuthCallbackPage'),
  },
  {
    path: 'user',
    lazy: lazyComponent(() => import('./features/customer/components/customer-dashboard-page'), 'CustomerDashboardPage'),
  },
  { path: 'user/qr', lazy: lazyComponent(() => import('./features/customer/components/my-qr-page'), 'MyQrPage') },
  {
    path: 'user/rewards/:rewardId',
    lazy: lazyComponent(() => import('./features/customer/components/reward-page'), 'RewardPage'),
  },
  {
    path: 'complete-profile',
    lazy: lazyComponent(() => import('./features/accounts/components/complete-profile-page'), 'CompleteProfilePage'),
  },
  {
    path: 'email-preferences',
    lazy: lazyComponent(() => import('./features/notifications/components/email-preferences-page'), 'EmailPreferencesPage'),
  },
  {
    path: 'daily-chaska',
    lazy: lazyComponent(() => import('./features/marketplace/components/daily-chaska-page'), 'DailyChaskaPage'),
  },
  {
    path: 'vendor-clubs',
    lazy: lazyComponent(() => import('./features/marketplace/components/vendor-clubs-page'), 'VendorClubsPage'),
  },
  {
    path: 'exclusive',
    lazy: lazyComponent(() => import('./features/marketplace/components/exclusive-cards-page'), 'ExclusiveCardsPage'),
  },
  {
    path: 'free-cards',
    lazy: lazyComponent(() => import('./features/marketplace/components/free-cards-page'), 'FreeCardsPage'),
  },
  {
    path: 'vendors/:slug',
    lazy: lazyComponent(() => import('./features/marketplace/components/public-vendor-page'), 'PublicVendorPage'),
  },
  {
    path: 'join-vendor',
    lazy: lazyComponent(() => import('./features/vendor/components/join-vendor-page'), 'JoinVendorPage'),
  },
  {
    path: 'vendor-signup',
    lazy: lazyComponent(() => import('./features/vendor/components/vendor-signup-page'), 'VendorSignupPage'),
  },
  { path: 'pricing', lazy: lazyComponent(() => import('./features/billing/components/pricing-page'), 'PricingPage') },
  { path: 'support', lazy: lazyComponent(() => import('./features/marketplace/components/support-page'), 'SupportPage') },
  {
    path: 'verify-email',
    lazy: lazyComponent(() => import('./features/accounts/components/verify-email-page'), 'VerifyEmailPage'),
  },
  {
    path: 'reset-password',
    lazy: lazyComponent(() => import('./features/accounts/components/reset-password-page'), 'ResetPasswordPage'),
  },
  {
    path: 'unsubscribe',
    lazy: lazyComponent(() => import('./features/notifications/components/unsubscribe-page'), 'UnsubscribePage'),
  },
  { path: 'privacy', lazy: lazyComponent(() => import('./features/marketplace/components/privacy-page'), 'PrivacyPage') },
  {
    path: 'payment/success',
    lazy: lazyComponent(() => import('./features/billing/components/payment-success-page'), 'PaymentSuccessPage'),
  },
  {
    path: 'payment/cancel',
    lazy: lazyComponent(() => import('./features/billing/components/payment-cancel-page'), 'PaymentCancelPage'),
  },
  { path: '*', Component: NotFoundPage },
];

const adminRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyComponent(() => import('./features/admin/components/admin-dashboard-page'), 'AdminDashboardPage'),
  },
  { path: 'vendors', lazy: adminVendorsPage },
  { path: 'users', lazy: lazyComponent(() => import('./features/admin/components/admin-users-page'), 'AdminUsersPage') },
  { path: 'cards', lazy: lazyComponent(() => import('./features/admin/components/admin-cards-page'), 'AdminCardsPage') },
  {
    path: 'exclusives',
    lazy: lazyComponent(() => import('./features/admin/components/admin-exclusives-page'), 'AdminExclusivesPage'),
  },
  {
    path: 'analytics',
    lazy: lazyComponent(() => import('./features/admin/components/admin-analytics-page'), 'AdminAnalyticsPage'),
  },
  { path: 'seo', lazy: lazyComponent(() => import('./features/admin/components/admin-seo-page'), 'AdminSeoPage') },
  { path: 'api', lazy: lazyComponent(() => import('./features/admin/components/admin-api-page'), 'AdminApiPage') },
  { path: 'social', lazy: lazyComponent(() => import('./features/admin/components/admin-social-page'), 'AdminSocialPage') },
  { path: 'chat', lazy: lazyComponent(() => import('./features/admin/components/admin-chat-page'), 'AdminChatPage') },
  {
    path: 'text-editor',
    lazy: lazyComponent(() => import('./features/admin/components/admin-text-editor-page'), 'AdminTextEditorPage'),
  },
  { path: 'emails', lazy: lazyComponent(() => import('./features/admin/components/admin-emails-page'), 'AdminEmailsPage') },
  { path: '*', Component: NotFoundPage },
];

const vendorRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyComponent(() => import('./features/vendor/components/vendor-dashboard-page'), 'VendorDashboardPage'),
  },
  { path: 'cards', lazy: lazyComponent(() => import('./features/vendor/components/vendor-cards-page'), 'VendorCardsPage') },
  {
    path: 'issue-stamp',
    lazy: lazyComponent(() => import('./features/vendor/components/issue-stamp-page'), 'IssueStampPage'),
  },
  {
    path: 'analytics',
    lazy: lazyComponent(() => import('./features/vendor/components/vendor-analytics-page'), 'VendorAnalyticsPage'),
  },
  {
    path: 'customers',
    lazy: lazyComponent(() => import('./features/vendor/components/vendor-customers-page'), 'VendorCustomersPage'),
  },
  {
    path: 'profile',
    lazy: lazyComponent(() => import('./features/vendor/components/vendor-profile-page'), 'VendorProfilePage'),
  },
  {
    path: 'billing',
    lazy: lazyComponent(() => import('./features/billing/components/vendor-billing-page'), 'VendorBillingPage'),
  },
  { path: '*', Component: NotFoundPage },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: FullPageSpinner,
    children: [
      { path: 'admin', lazy: adminLayout, children: adminRoutes },
      // SPEC.md: the customer dashboard links here; it is the same screen as /admin/vendors.
      { path: 'admin-vendors', lazy: adminLayout, children: [{ index: true, lazy: adminVendorsPage }] },
      {
        path: 'vendor',
        lazy: lazyComponent(() => import('./app/layouts/vendor-layout'), 'VendorLayout'),
        children: vendorRoutes,
      },
      { Component: PublicLayout, children: publicRoutes },
    ],
  },
];

export const router = createBrowserRouter(routes);
