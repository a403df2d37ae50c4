import type { ReactNode } from 'react';
import { Footer } from './Footer.js';
import { Navbar } from './Navbar.js';

interface PublicLayoutProps {
  children: ReactNode;
  showBack?: boolean;
  /** The landing page has the full footer; other public pages too, for a consistent frame. */
  footer?: boolean;
}

/** Navbar, main content and footer inside the site frame. */
export function PublicLayout({ children, showBack = false, footer = true }: PublicLayoutProps) {
  return (
    <div className="site-frame">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Navbar showBack={showBack} />
      <main id="main-content" className="site-main" tabIndex={-1}>
        {children}
      </main>
      {footer ? <Footer /> : null}
    </div>
  );
}

/** Admin and check-in pages use the full width (SPEC §2). */
export function FullWidthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="site-frame site-frame--full">
      <main id="main-content" className="site-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
