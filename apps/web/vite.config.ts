import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';
/** The back-office's own dev server (vite.admin.config.ts, `npm run dev:admin`, started by scripts/dev.sh). */
const adminPort = process.env.ADMIN_PORT ?? '3002';

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    // `npm run dev`: the API runs beside Vite; calls and uploads go to it.
    proxy: {
      '/backend': `http://127.0.0.1:${apiPort}`,
      '/uploads': `http://127.0.0.1:${apiPort}`,
      // /admin is not a page of this app: its own dev server serves it, at this same address
      // (it answers below its base, /admin/).
      '^/admin([/?]|$)': {
        target: `http://127.0.0.1:${adminPort}`,
        rewrite: (url) => url.replace(/^\/admin(?=\?|$)/, '/admin/'),
      },
    },
  },
});
