import { BrowserRouter, Route, Routes } from 'react-router';
import AdminApp from './admin-app';

/** react-admin under /admin with a router of its own (see routes/admin.tsx). */
export function AdminRoot() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>
    </BrowserRouter>
  );
}
