import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { screenPaths } from './src/client/route-table.ts';
import { HOME_JS_TARGET_GZIP_BYTES, initialWeightReport } from './scripts/initial-weight-plugin.ts';
import { routePreloads } from './scripts/route-preloads-plugin.ts';

/** Every domain's components/<audience>/ folder (under src/client) that exists. */
function audienceFolders(audience: 'vendor' | 'admin'): string[] {
  const features = fileURLToPath(new URL('./src/client/features', import.meta.url));
  return readdirSync(features)
    .map((domain) => `features/${domain}/components/${audience}/`)
    .filter((folder) => existsSync(fileURLToPath(new URL(`./src/client/${folder}`, import.meta.url))));
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/**
 * Two builds: the browser's (dist/client) and, with --ssr, the server's rendering of the public
 * pages (dist/ssr/entry-server.js, decision 053), which needs only React and the styles' class names.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), ...(isSsrBuild ? [serverRenderingStubs()] : browserBuildPlugins())],
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('./src/shared', import.meta.url)) },
      { find: '@client', replacement: fileURLToPath(new URL('./src/client', import.meta.url)) },
      ...(isSsrBuild ? [] : [reactRouterProductionBuild()]),
    ],
  },
  build: isSsrBuild
    ? { outDir: '../../dist/ssr', emptyOutDir: true, sourcemap: true }
    : {
        outDir: '../../dist/client',
        emptyOutDir: true,
        sourcemap: true,
        // Everything the entry imports statically is in the entry's own file (decision 057): the
        // bundler otherwise cuts React, the catalogue's runtime, clsx and the icon helper into small files of their
        // own, because lazy screens share them, and each file is compressed and fetched alone.
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] } } },
        // Every browser the site supports preloads modules itself (Chrome 66, Safari 17, Firefox
        // 115); the polyfill's probe ran first thing in the entry on every page (decision 069).
        modulePreload: { polyfill: false },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/sandbox-pay': { target: apiTarget, changeOrigin: false },
      '/sitemap.xml': { target: apiTarget },
      '/robots.txt': { target: apiTarget },
    },
  },
}));

/**
 * React Router publishes two builds and its package exports name only the development one (even
 * its framework plugin builds that one, remix-run/react-router#14102; decision 080). The production
 * build is the same code without the development warnings and their texts: what the browser needs.
 */
function reactRouterProductionBuild() {
  return {
    find: /^react-router$/,
    replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
  };
}

const SERVICE_WORKER_STUB = '\0chaska:pwa-register-on-the-server';

/** The server never registers a service worker; screens that import the registration get a no-op there. */
export function serverRenderingStubs(): Plugin {
  return {
    name: 'chaska:server-rendering-stubs',
    resolveId: (id) => (id === 'virtual:pwa-register' ? SERVICE_WORKER_STUB : undefined),
    load: (id) => (id === SERVICE_WORKER_STUB ? 'export function registerSW() { return async () => {}; }' : undefined),
  };
}

/** What only the browser's build does: compressed copies, the service worker, preloads, weights. */
function browserBuildPlugins(): PluginOption[] {
  return [
    tailwindcss(),
    // .br and .gz beside each script and style sheet, served as they are by the static files plugin.
    compression({
      include: /\.(js|css|svg|webmanifest|wasm)$/,
      algorithms: ['brotliCompress', 'gzip'],
      logLevel: 'silent',
    }),
    // The service worker (Workbox, decision 040): the app shell precached so the installed app
    // opens without signal. The page registers it lazily (app/offline), and public/manifest.webmanifest
    // is the one manifest. API answers are never cached here: the customer's data kept for offline
    // use lives in the query cache persisted per person and wiped at sign-out.
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      manifest: false,
      registerType: 'autoUpdate',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}', 'manifest.webmanifest'],
        // The QR reader's WebAssembly (about 1 MB) is fetched by the few who scan with it; the
        // admin area is not for counters without signal.
        globIgnores: ['**/*.wasm', 'assets/admin-*'],
        // Pages are answered by the server (it fills each page's head); without signal, the shell.
        navigateFallback: null,
        // The push and notificationclick handlers (decision 043): a small script of ours in public/,
        // run inside the generated worker; no page downloads it.
        importScripts: ['/push-sw.js'],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              !url.pathname.startsWith('/api/') &&
              !url.pathname.startsWith('/sandbox-pay/'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'chaska-pages',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 20 },
              plugins: [
                {
                  // No answer and no copy of this address: the precached shell, whose router takes over.
                  handlerDidError: async () =>
                    (await caches.match('/index.html', { ignoreSearch: true })) ?? Response.error(),
                },
              ],
            },
          },
        ],
      },
    }),
    // Each address's screen chunks, named in its page by the server so they load with the entry.
    routePreloads(screenPaths()),
    // What the public pages download first (gzip JavaScript); a page over its budget fails the
    // build, and / is also judged against its target (printed, not enforced).
    // The message catalogue's runtime (decision 063: Lingui's, about 2.5 kB; i18next's was 19 kB) and
    // the language switch and the language list (decision 039, about 0.7 kB) are in each.
    initialWeightReport({
      pages: [
        // Budgets keep about 6% of room over what each page weighs today (gzip JavaScript, measured
        // 29 November 2026: / 117.4 kB, /auth 152.9 kB, /vendor-clubs 129.8 kB, /vendors/:slug
        // 139.6 kB), so an ordinary feature does not fail the build while a real regression does;
        // the history of each page's weight is in the decisions that moved it (053, 057, 063, 069).
        // The product's target for / is 120 kB, reported beside the figure and judged by bench:web.
        {
          path: '/',
          module: 'features/marketplace/components/landing-page.tsx',
          jsBudgetGzipBytes: 124_500,
          jsTargetGzipBytes: HOME_JS_TARGET_GZIP_BYTES,
        },
        { path: '/auth', module: 'features/accounts/components/auth-page.tsx', jsBudgetGzipBytes: 162_000 },
        // The counter's QR opened by a phone's camera: a new customer's first page of Chaska.
        {
          path: '/c/:code',
          module: 'features/stamps/components/counter-link-page.tsx',
          jsBudgetGzipBytes: 142_000,
        },
        {
          path: '/vendor-clubs',
          module: 'features/marketplace/components/vendor-clubs-page.tsx',
          jsBudgetGzipBytes: 137_500,
        },
        {
          // A vendor's public page: its head preloads its screen's files for hydration.
          path: '/vendors/:slug',
          module: 'features/marketplace/components/public-vendor-page.tsx',
          jsBudgetGzipBytes: 148_000,
        },
      ],
      areas: [
        // Each domain keeps its vendor-area and admin-area screens in components/vendor/ and components/admin/ (decision 036).
        { name: 'vendor', modulePrefixes: [...audienceFolders('vendor'), 'app/layouts/vendor-layout.tsx'] },
        { name: 'admin', modulePrefixes: [...audienceFolders('admin'), 'app/layouts/admin-layout.tsx'] },
      ],
      // Charts load when a chart renders (lazyChart), maps when a map does (LazyBranchMap, decision
      // 084): no address downloads the chart or the map library first, so "Near me" on the
      // listings sorts by distance without either.
      lazyPackages: { packages: ['recharts', 'leaflet'], routes: screenPaths() },
    }),
  ];
}
