import { Link } from 'react-router';
import { MESSAGES } from '@shared/messages.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import './pages.css';

export function NotFound() {
  useDocumentTitle(MESSAGES.pageNotFound);
  return (
    <PublicLayout>
      <div className="container not-found">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>{MESSAGES.pageNotFound}</h1>
        <p>The page you are looking for has moved or never existed.</p>
        <Link className="btn btn-primary" to="/">
          Return Home
        </Link>
      </div>
    </PublicLayout>
  );
}
