import type { ReactNode } from 'react';
import '../../styles/admin.scss';

/** Admin pages (the app and its login): no public site header or footer, the admin's own stylesheet. */
export default function Layout({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
