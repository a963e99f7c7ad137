/**
 * Every address of the app and the screen it shows, as plain data: the router builds its routes
 * from it, and the build reads it to list each address's code chunks, which the server names in
 * the page (modulepreload) so they download alongside the entry instead of after it.
 */

/** A screen: its module (path under src/client) and the component that module exports. */
export interface ScreenRef {
  module: string;
  name: string;
}

/** The components that ship in the entry chunk rather than on demand. */
export type EntryComponent = 'RootLayout' | 'PublicLayout' | 'LandingPage' | 'NotFoundPage';

export interface RouteEntry {
  path?: string;
  index?: true;
  /** Loaded on demand, in its own chunk (so the landing page never downloads vendor or admin code). */
  screen?: ScreenRef;
  /** Part of the entry chunk. */
  entry?: EntryComponent;
  children?: RouteEntry[];
  /**
   * The server renders this page's HTML for signed-out visitors (decision 053), so its content
   * paints before the bundle runs; the browser then hydrates it. Only public pages whose first
   * screen depends on nothing but the address, the language and public API answers.
   */
  serverRendered?: true;
}

function screen(module: string, name: string): ScreenRef {
  return { module, name };
}

const NOT_FOUND: RouteEntry = { path: '*', entry: 'NotFoundPage' };

const ADMIN_LAYOUT = screen('app/layouts/admin-layout.tsx', 'AdminLayout');
const ADMIN_VENDORS_PAGE = screen('features/vendors/components/admin/admin-vendors-page.tsx', 'AdminVendorsPage');

const PUBLIC_ROUTES: RouteEntry[] = [
  { index: true, entry: 'LandingPage', serverRendered: true },
  { path: 'auth', screen: screen('features/accounts/components/auth-page.tsx', 'AuthPage'), serverRendered: true },
  { path: 'auth/callback', screen: screen('features/accounts/components/auth-callback-page.tsx', 'AuthCallbackPage') },
  {
    path: 'user',
    screen: screen('features/customers/components/customer-dashboard-page.tsx', 'CustomerDashboardPage'),
  },
  { path: 'user/qr', screen: screen('features/stamps/components/my-qr-page.tsx', 'MyQrPage') },
  // The counter's QR as a link (PUBLIC_URL/c/<code>), opened by a phone's own camera.
  { path: 'c/:code', screen: screen('features/stamps/components/counter-link-page.tsx', 'CounterLinkPage') },
  { path: 'user/rewards/:rewardId', screen: screen('features/rewards/components/reward-page.tsx', 'RewardPage') },
  {
    path: 'complete-profile',
    screen: screen('features/accounts/components/complete-profile-page.tsx', 'CompleteProfilePage'),
  },
  {
    path: 'account/security',
    screen: screen('features/accounts/components/account-security-page.tsx', 'AccountSecurityPage'),
  },
  {
    path: 'email-preferences',
    screen: screen('features/notifications/components/email-preferences-page.tsx', 'EmailPreferencesPage'),
  },
  { path: 'daily-chaska', screen: screen('features/marketplace/components/daily-chaska-page.tsx', 'DailyChaskaPage') },
  {
    path: 'vendor-clubs',
    screen: screen('features/marketplace/components/vendor-clubs-page.tsx', 'VendorClubsPage'),
    serverRendered: true,
  },
  {
    path: 'exclusive',
    screen: screen('features/marketplace/components/exclusive-cards-page.tsx', 'ExclusiveCardsPage'),
  },
  { path: 'free-cards', screen: screen('features/marketplace/components/free-cards-page.tsx', 'FreeCardsPage') },
  {
    path: 'vendors/:slug',
    screen: screen('features/marketplace/components/public-vendor-page.tsx', 'PublicVendorPage'),
    serverRendered: true,
  },
  { path: 'join-vendor', screen: screen('features/vendors/components/join-vendor-page.tsx', 'JoinVendorPage') },
  {
    path: 'vendor-signup',
    screen: screen('features/vendors/components/vendor-signup-page.tsx', 'VendorSignupPage'),
  },
  { path: 'pricing', screen: screen('features/billing/components/pricing-page.tsx', 'PricingPage') },
  { path: 'support', screen: screen('features/platform/components/support-page.tsx', 'SupportPage') },
  // One of the signed-in person's support conversations.
  {
    path: 'support/:conversationId',
    screen: screen('features/platform/components/support-conversation-page.tsx', 'SupportConversationPage'),
  },
  { path: 'verify-email', screen: screen('features/accounts/components/verify-email-page.tsx', 'VerifyEmailPage') },
  {
    path: 'reset-password',
    screen: screen('features/accounts/components/reset-password-page.tsx', 'ResetPasswordPage'),
  },
  { path: 'unsubscribe', screen: screen('features/notifications/components/unsubscribe-page.tsx', 'UnsubscribePage') },
  { path: 'privacy', screen: screen('features/marketplace/components/privacy-page.tsx', 'PrivacyPage') },
  { path: 'terms', screen: screen('features/marketplace/components/terms-page.tsx', 'TermsPage') },
  {
    path: 'payment/success',
    screen: screen('features/billing/components/payment-success-page.tsx', 'PaymentSuccessPage'),
  },
  {
    path: 'payment/cancel',
    screen: screen('features/billing/components/payment-cancel-page.tsx', 'PaymentCancelPage'),
  },
  NOT_FOUND,
];

const ADMIN_ROUTES: RouteEntry[] = [
  { index: true, screen: screen('features/platform/components/admin/admin-dashboard-page.tsx', 'AdminDashboardPage') },
  { path: 'vendors', screen: ADMIN_VENDORS_PAGE },
  { path: 'users', screen: screen('features/accounts/components/admin/admin-users-page.tsx', 'AdminUsersPage') },
  { path: 'cards', screen: screen('features/cards/components/admin/admin-cards-page.tsx', 'AdminCardsPage') },
  {
    path: 'exclusives',
    screen: screen('features/cards/components/admin/admin-exclusives-page.tsx', 'AdminExclusivesPage'),
  },
  {
    path: 'analytics',
    screen: screen('features/analytics/components/admin/admin-analytics-page.tsx', 'AdminAnalyticsPage'),
  },
  { path: 'seo', screen: screen('features/seo/components/admin/admin-seo-page.tsx', 'AdminSeoPage') },
  { path: 'api', screen: screen('features/api/components/admin/admin-api-page.tsx', 'AdminApiPage') },
  { path: 'social', screen: screen('features/marketplace/components/admin/admin-social-page.tsx', 'AdminSocialPage') },
  { path: 'chat', screen: screen('features/platform/components/admin/admin-chat-page.tsx', 'AdminChatPage') },
  {
    path: 'text-editor',
    screen: screen('features/platform/components/admin/admin-text-editor-page.tsx', 'AdminTextEditorPage'),
  },
  {
    path: 'emails',
    screen: screen('features/notifications/components/admin/admin-emails-page.tsx', 'AdminEmailsPage'),
  },
  NOT_FOUND,
];

const VENDOR_ROUTES: RouteEntry[] = [
  {
    index: true,
    screen: screen('features/vendors/components/vendor/vendor-dashboard-page.tsx', 'VendorDashboardPage'),
  },
  { path: 'cards', screen: screen('features/cards/components/vendor/vendor-cards-page.tsx', 'VendorCardsPage') },
  {
    path: 'branches',
    screen: screen('features/vendors/components/vendor/vendor-branches-page.tsx', 'VendorBranchesPage'),
  },
  { path: 'issue-stamp', screen: screen('features/stamps/components/vendor/issue-stamp-page.tsx', 'IssueStampPage') },
  {
    path: 'analytics',
    screen: screen('features/analytics/components/vendor/vendor-analytics-page.tsx', 'VendorAnalyticsPage'),
  },
  {
    path: 'customers',
    screen: screen('features/customers/components/vendor/vendor-customers-page.tsx', 'VendorCustomersPage'),
  },
  {
    path: 'campaigns',
    screen: screen('features/campaigns/components/vendor/campaigns-page.tsx', 'CampaignsPage'),
  },
  {
    path: 'profile',
    screen: screen('features/vendors/components/vendor/vendor-profile-page.tsx', 'VendorProfilePage'),
  },
  {
    path: 'billing',
    screen: screen('features/billing/components/vendor/vendor-billing-page.tsx', 'VendorBillingPage'),
  },
  {
    path: 'automations',
    screen: screen('features/campaigns/components/vendor/vendor-automations-page.tsx', 'VendorAutomationsPage'),
  },
  { path: 'api', screen: screen('features/api/components/vendor/vendor-api-page.tsx', 'VendorApiPage') },
  NOT_FOUND,
];

export const ROUTE_TABLE: RouteEntry[] = [
  {
    entry: 'RootLayout',
    children: [
      { path: 'admin', screen: ADMIN_LAYOUT, children: ADMIN_ROUTES },
      // SPEC.md: the customer dashboard links here; it is the same screen as /admin/vendors.
      { path: 'admin-vendors', screen: ADMIN_LAYOUT, children: [{ index: true, screen: ADMIN_VENDORS_PAGE }] },
      // The counter tablet takes the whole screen: no sidebar to wander off through.
      {
        path: 'vendor/issue-stamp/kiosk',
        screen: screen('features/stamps/components/vendor/kiosk-page.tsx', 'KioskPage'),
      },
      { path: 'vendor', screen: screen('app/layouts/vendor-layout.tsx', 'VendorLayout'), children: VENDOR_ROUTES },
      { entry: 'PublicLayout', children: PUBLIC_ROUTES },
    ],
  },
];

/** An address pattern (React Router syntax, e.g. /vendors/:slug) and the screens shown there, outermost first. */
export interface ScreenPath {
  pattern: string;
  screens: ScreenRef[];
}

/**
 * The vendor and admin areas' screens and frames (decision 036's audience folders): their loaders
 * and the list of chunks each needs are in area-screens.ts, a chunk of its own, not in the entry
 * that every visitor downloads (decision 057).
 */
export const AREA_SCREENS_MODULE = 'area-screens.ts';

export function isAreaScreen(module: string): boolean {
  return /^features\/[^/]+\/components\/(vendor|admin)\/[^/]+-page\.tsx$|^app\/layouts\/(admin|vendor)-layout\.tsx$/.test(
    module,
  );
}

/** Every address that shows on-demand screens, with those screens; catch-all routes are left out. */
export function screenPaths(entries: RouteEntry[] = ROUTE_TABLE, prefix = '', above: ScreenRef[] = []): ScreenPath[] {
  return entries.flatMap((entry) => {
    if (entry.path?.includes('*')) return [];
    const pattern = entry.path ? `${prefix.replace(/\/$/, '')}/${entry.path}` : prefix || '/';
    const screens = entry.screen ? [...above, entry.screen] : above;
    if (entry.children) return screenPaths(entry.children, pattern, screens);
    return screens.length > 0 ? [{ pattern, screens }] : [];
  });
}

/** The address patterns whose pages the server renders (see RouteEntry.serverRendered). */
export function serverRenderedPatterns(entries: RouteEntry[] = ROUTE_TABLE, prefix = ''): string[] {
  return entries.flatMap((entry) => {
    if (entry.path?.includes('*')) return [];
    const pattern = entry.path ? `${prefix.replace(/\/$/, '')}/${entry.path}` : prefix || '/';
    if (entry.children) return serverRenderedPatterns(entry.children, pattern);
    return entry.serverRendered ? [pattern] : [];
  });
}
