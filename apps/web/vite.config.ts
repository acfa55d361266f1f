import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    // `npm run dev`: the API runs beside Vite; calls and uploads go to it.
    proxy: {
      '/backend': `http://127.0.0.1:${apiPort}`,
      '/uploads': `http://127.0.0.1:${apiPort}`,
    },
  },
});
