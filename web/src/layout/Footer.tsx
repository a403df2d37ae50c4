import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PROJECT_NAME } from '@shared/constants.js';
import type { SocialLinks } from '@shared/theme-model.js';
import { useTheme } from '../theme/ThemeContext.js';
import './layout.css';

const SOCIAL: { key: keyof SocialLinks; label: string; icon: ReactNode }[] = [
  {
    key: 'website',
    label: 'Website',
    icon: (
      <path d="M12 3a9 9 0 100 18 9 9 0 000-18zm0 0c2.5 2.4 3.8 5.4 3.8 9s-1.3 6.6-3.8 9m0-18C9.5 5.4 8.2 8.4 8.2 12s1.3 6.6 3.8 9M3.5 9h17M3.5 15h17" />
    ),
  },
  {
    key: 'facebook',
    label: 'Facebook',
    icon: <path d="M14 8h2.5V4.5H14c-2.5 0-4 1.6-4 4.1V11H7.5v3.5H10V21h3.5v-6.5H16l.5-3.5h-3V9c0-.6.4-1 .5-1z" />,
  },
  {
    key: 'instagram',
    label: 'Instagram',
    icon: (
      <>
        <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.2" cy="6.8" r="0.6" />
      </>
    ),
  },
  {
    key: 'twitter',
    label: 'Twitter',
    icon: <path d="M4 4l16 16M20 4L4 20" />,
  },
];

export function Footer() {
  const theme = useTheme();
  const siteName = theme.siteName.trim() || PROJECT_NAME;
  const social = SOCIAL.filter(({ key }) => theme.socialLinks[key]);
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="footer-brand">{siteName}</p>
          {theme.siteDescription ? <p>{theme.siteDescription}</p> : null}
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="footer-heading">
            Quick Links
          </h2>
          <ul className="footer-links">
            <li>
              <Link to="/#events">Events</Link>
            </li>
            <li>
              <Link to="/#about">About</Link>
            </li>
            <li>
              <Link to="/#contact">Contact</Link>
            </li>
            <li>
              <Link to="/volunteer">Volunteer</Link>
            </li>
          </ul>
        </nav>
        {social.length > 0 ? (
          <div>
            <h2 id="footer-social" className="footer-heading">
              Follow Us
            </h2>
            <ul className="footer-links footer-social" aria-labelledby="footer-social">
              {social.map(({ key, label, icon }) => (
                <li key={key}>
                  <a href={theme.socialLinks[key]} target="_blank" rel="noopener noreferrer">
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                      <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                        {icon}
                      </g>
                    </svg>
                    {label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="footer-bottom">
        <div className="container footer-bottom-inner">
          {theme.footerText ? <p className="footer-text">{theme.footerText}</p> : null}
          <p className="footer-copy">
            © {year} {siteName}
          </p>
        </div>
      </div>
    </footer>
  );
}
