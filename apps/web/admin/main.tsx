/**
 * The back-office's entry (admin/index.html, built by vite.admin.config.ts): react-admin in a
 * build of its own, which shares no chunk with the public site.
 */
import { createRoot } from 'react-dom/client';
import { AdminRoot } from './admin-root';

createRoot(document.getElementById('admin-root')!).render(<AdminRoot />);
