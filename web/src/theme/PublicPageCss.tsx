import { useContext } from 'react';
import { matchPath, useLocation } from 'react-router';
import { STAFF_ROUTES } from '../routes.js';
import { ThemeContext } from './ThemeContext.js';

/** Whether the router shows a staff page at `pathname` (its own matching: case and a trailing slash aside). */
export function isStaffPage(pathname: string): boolean {
  return STAFF_ROUTES.some((route) => matchPath(route, pathname) !== null);
}

/**
 * The theme's custom CSS, on the public pages only. A stylesheet can read a page (attribute
 * selectors on inputs, each match loading a background image), so the staff pages, where staff
 * type their passwords and work with attendees' data, never get it (issue 23 item 7). Inside
 * the router: moving to a staff page takes it away, moving back brings it. As text in a <style>
 * element, so it cannot break out into markup.
 */
export function PublicPageCss() {
  const { theme, status } = useContext(ThemeContext);
  const { pathname } = useLocation();
  if (status === 'loading' || !theme.customCSS || isStaffPage(pathname)) return null;
  return <style data-theme-css="">{theme.customCSS}</style>;
}
