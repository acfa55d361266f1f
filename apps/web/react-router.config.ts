import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // Pages are rendered by our Node server (apps/api) on each request.
  ssr: true,
} satisfies Config;
