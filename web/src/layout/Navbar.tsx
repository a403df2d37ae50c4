import { useState } from 'react';
import { Link } from 'react-router';
import { PROJECT_NAME } from '@shared/constants.js';
import { useTheme } from '../theme/ThemeContext.js';
import './layout.css';

interface NavbarProps {
  /** Shows a back arrow before the site name. */
  showBack?: boolean;
  backTo?: string;
  backLabel?: string;
}

export function Navbar({ showBack = false, backTo = '/#events', backLabel = 'Back to events' }: NavbarProps) {
  const theme = useTheme();
  const [menuOpen, setMenuOpen] = useState(false);
  const [logoFailed, setLogoFailed] = useState(false);
  const siteName = theme.siteName.trim() || PROJECT_NAME;
  const close = () => setMenuOpen(false);

  return (
    <header className="navbar">
      <nav className="navbar-inner container" aria-label="Main">
        <div className="navbar-start">
          {showBack ? (
            <Link to={backTo} className="navbar-back" aria-label={backLabel} title={backLabel}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </Link>
          ) : null}
          <Link to="/" className="navbar-brand" onClick={close}>
            {theme.logoImage && !logoFailed ? (
              // Low priority: on a slow connection the page's own picture (the first slide, an event's)
              // goes first; left to itself the browser raises a logo on screen to high.
              <img className="navbar-logo" src={theme.logoImage} alt="" width="40" height="40" fetchPriority="low" onError={() => setLogoFailed(true)} />
            ) : null}
            <span className="navbar-name">{siteName}</span>
          </Link>
        </div>
        <button
          type="button"
          className="navbar-toggle"
          aria-expanded={menuOpen}
          aria-controls="navbar-links"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            )}
          </svg>
        </button>
        <ul id="navbar-links" className={`navbar-links${menuOpen ? ' is-open' : ''}`}>
          {/* The site's own home (issue 24 item 9): the organisation's website is in the footer's links. */}
          <li>
            <Link to="/" onClick={close}>
              Home
            </Link>
          </li>
          <li>
            <Link to="/#events" onClick={close}>
              Events
            </Link>
          </li>
          <li>
            <Link to="/#about" onClick={close}>
              About
            </Link>
          </li>
          <li>
            <Link to="/#contact" onClick={close}>
              Contact
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
