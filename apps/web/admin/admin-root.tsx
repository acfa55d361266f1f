import { BrowserRouter, Route, Routes } from 'react-router';
import AdminApp from './admin-app';

/** react-admin under /admin with a router of its own, mounted by admin/main.tsx (the back-office's own build). */
export function AdminRoot() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>
    </BrowserRouter>
  );
}
