import { Outlet } from 'react-router';
import { LanguageSwitch } from './language-switch';
import './minimal-layout.css';

/** Badge, kiosk and gate screens: no header or footer, the whole screen for the task. */
export default function MinimalLayout() {
  return (
    <div className="minimal">
      <div className="minimal-bar">
        <LanguageSwitch />
      </div>
      <main id="main">
        <Outlet />
      </main>
    </div>
  );
}
