import { lazy, Suspense } from 'react';
import { CONTACT_ADDRESS, CONTACT_PHONE } from '@shared/constants.js';
import { useTheme } from '../theme/ThemeContext.js';
import { ChunkBoundary } from '../layout/ChunkBoundary.js';

// The message form sits at the foot of the page: it loads after the first paint, so the
// landing page's initial JavaScript carries no form engine.
const ContactForm = lazy(() => import('./ContactForm.js'));

function ContactIcon({ path }: { path: string }) {
  return (
    <span className="contact-icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
        <path d={path} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

export function ContactSection() {
  const theme = useTheme();
  const contactEmail = theme.contactEmail.trim();
  const phoneHref = `tel:${CONTACT_PHONE.replace(/[^\d+]/g, '')}`;

  return (
    <section id="contact" className="section contact" aria-labelledby="contact-title">
      <div className="container">
        <div className="section-heading">
          <span className="eyebrow">Get in touch</span>
          <h2 id="contact-title">Contact Us</h2>
          <p>Questions about an event, volunteering or partnering with us? We would love to hear from you.</p>
        </div>
        <div className="contact-grid">
          <ul className="contact-details">
            {contactEmail ? (
              <li>
                <ContactIcon path="M4 6h16v12H4zM4 7l8 6 8-6" />
                <div>
                  <h3>Email</h3>
                  <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
                </div>
              </li>
            ) : null}
            <li>
              <ContactIcon path="M6.6 3.5l2.7-.4 1.6 4-1.9 1.5a11 11 0 005.4 5.4l1.5-1.9 4 1.6-.4 2.7a2 2 0 01-2 1.7A15.5 15.5 0 014.9 5.5a2 2 0 011.7-2z" />
              <div>
                <h3>Phone</h3>
                <a href={phoneHref}>{CONTACT_PHONE}</a>
              </div>
            </li>
            <li>
              <ContactIcon path="M12 21s-7-6.2-7-11.5A7 7 0 0119 9.5C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 100-5 2.5 2.5 0 000 5z" />
              <div>
                <h3>Address</h3>
                <p>{CONTACT_ADDRESS}</p>
              </div>
            </li>
          </ul>

          <ChunkBoundary fallback={<div className="contact-form contact-form--placeholder" />}>
            <Suspense fallback={<div className="contact-form contact-form--placeholder" />}>
              <ContactForm />
            </Suspense>
          </ChunkBoundary>
        </div>
      </div>
    </section>
  );
}
