import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The organisers' back-office (react-admin) as a Vite build of its own: admin/index.html and its
 * scripts go to build/admin/, served by the API at /admin (plugins/web.ts), with file names under
 * /admin/assets/. The site's build (React Router, vite.config.ts) does not know about it, so the
 * two share no chunk and react-admin's imports cannot change how the public pages are split.
 *
 * `npm run dev`: this config runs on its own dev server (ADMIN_PORT, 3002), and the site's dev
 * server proxies /admin to it (vite.config.ts), so the back-office is at :3000/admin as in
 * production.
 */
const adminPort = Number(process.env.ADMIN_PORT ?? 3002);

export default defineConfig(({ command }) => ({
  root: path.join(import.meta.dirname, 'admin'),
  base: '/admin/',
  // The site's public files are the site's, served by the API at /assets/ (the page's icon). The
  // dev server serves them below /admin/, where it writes the page's links to them.
  publicDir: command === 'serve' ? path.join(import.meta.dirname, 'public') : false,
  esbuild: { jsx: 'automatic' },
  plugins: [
    {
      // In development this server, not the API, hands out the page.
      name: 'admin-dev-page',
      apply: 'serve',
      // No Content-Security-Policy in development: no nonce for the page's styles.
      transformIndexHtml: (html) => html.replaceAll('__CSP_STYLE_NONCE__', ''),
      // The API gives a page its XSRF cookie (plugins/security.ts, XSRF_COOKIE of @salon/shared):
      // the sign-in form's POST, the page's first call, needs one.
      configureServer(server) {
        server.middlewares.use((req, res, next) => {
          if (req.headers.accept?.includes('text/html') && !/(^|;\s*)XSRF-TOKEN=/.test(req.headers.cookie ?? '')) {
            res.setHeader('set-cookie', `XSRF-TOKEN=${randomBytes(24).toString('base64url')}; Path=/; SameSite=Strict`);
          }
          next();
        });
      },
    },
  ],
  resolve: {
    // As React Router's plugin does for the site: one React and one router (react-admin's
    // react-router-dom brings a copy of its own, whose router would not see ours).
    dedupe: ['react', 'react-dom', 'react-router', 'react-router/dom', 'react-router-dom'],
  },
  build: {
    outDir: path.join(import.meta.dirname, 'build/admin'),
    emptyOutDir: true,
    // react-admin, MUI and Recharts are one screen's scripts: no warning for their size.
    chunkSizeWarningLimit: 2500,
    rollupOptions: {
      // MUI's and React Query's "use client" lines mean nothing in a browser-only build: without
      // this, each of their hundreds of files prints a warning.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    port: adminPort,
    strictPort: true,
    // The page is opened through the site's dev server; hot reload talks to this one directly.
    hmr: { port: adminPort + 1 },
  },
}));
