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

export default defineConfig({
  root: path.join(import.meta.dirname, 'admin'),
  base: '/admin/',
  // The site's public files are the site's (and served by it); the back-office has none.
  publicDir: false,
  esbuild: { jsx: 'automatic' },
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
  },
  server: {
    port: adminPort,
    strictPort: true,
    // The page is opened through the site's dev server; hot reload talks to this one directly.
    hmr: { port: adminPort + 1 },
  },
});
