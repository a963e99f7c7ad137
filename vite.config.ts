import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { screenPaths } from './src/client/route-table';
import { initialWeightReport } from './scripts/initial-weight-plugin';
import { routePreloads } from './scripts/route-preloads-plugin';

/** Every domain's components/<audience>/ folder (under src/client) that exists. */
function audienceFolders(audience: 'vendor' | 'admin'): string[] {
  const features = fileURLToPath(new URL('./src/client/features', import.meta.url));
  return readdirSync(features)
    .map((domain) => `features/${domain}/components/${audience}/`)
    .filter((folder) => existsSync(fileURLToPath(new URL(`./src/client/${folder}`, import.meta.url))));
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    // .br and .gz beside each script and style sheet, served as they are by the static files plugin.
    compression({
      include: /\.(js|css|svg|webmanifest|wasm)$/,
      algorithms: ['brotliCompress', 'gzip'],
      logLevel: 'silent',
    }),
    // Each address's screen chunks, named in its page by the server so they load with the entry.
    routePreloads(screenPaths()),
    // What /, /auth and /vendor-clubs download first (gzip JavaScript); a page over its budget fails the build.
    // i18next and react-i18next (the message catalogue, decision 024) add about 21 kB to each; the
    // language switch and the language list (decision 039) about 0.7 kB (/ stays within 141 kB).
    initialWeightReport({
      pages: [
        { path: '/', module: 'features/marketplace/components/landing-page.tsx', jsBudgetGzipBytes: 141_000 },
        { path: '/auth', module: 'features/accounts/components/auth-page.tsx', jsBudgetGzipBytes: 175_600 },
        {
          path: '/vendor-clubs',
          module: 'features/marketplace/components/vendor-clubs-page.tsx',
          // +0.4 kB for the API contract's client (decision 030): its route literals and callApi's address building.
          // +0.9 kB for the language switch and the reader's date and price locale (decision 039).
          jsBudgetGzipBytes: 150_300,
        },
      ],
      areas: [
        // Each domain keeps its vendor-area and admin-area screens in components/vendor/ and components/admin/ (decision 036).
        { name: 'vendor', modulePrefixes: [...audienceFolders('vendor'), 'app/layouts/vendor-layout.tsx'] },
        { name: 'admin', modulePrefixes: [...audienceFolders('admin'), 'app/layouts/admin-layout.tsx'] },
      ],
      // Charts load when a chart renders (lazyChart): no address downloads the chart library first.
      lazyPackages: { packages: ['recharts'], routes: screenPaths() },
    }),
  ],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
    },
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
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
});
