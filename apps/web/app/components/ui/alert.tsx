import type { ReactNode } from 'react';

export function Alert({ tone, children }: { tone: 'success' | 'danger' | 'info' | 'warning'; children: ReactNode }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
