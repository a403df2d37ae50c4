import type { Theme } from '@shared/theme-model.js';
import { AboutSection } from '../landing/AboutSection.js';
import { HeaderBand } from '../landing/HeaderBand.js';
import { HeroSlider } from '../landing/HeroSlider.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { ThemeContext } from '../theme/ThemeContext.js';
import { themeToCssVariables } from '../theme/themeVars.js';

/**
 * The public landing page's frame (navbar and footer), hero slider, header band and about section, rendered
 * by the site's own components with the unsaved theme: its colours as CSS custom properties on
 * this container (they override :root's inside it only), its texts and images through the theme
 * context. The custom CSS is left out: it would restyle the dashboard too.
 *
 * A picture, not a second page: inert and hidden from assistive technology, so its links cannot
 * leave the unsaved form and its landmarks do not mix with the dashboard's. (PublicLayout rather
 * than Navbar and Footer one by one: importing those directly here makes the bundler split them,
 * and react-router with them, out of the landing page's chunk, over its size budget.)
 */
export function ThemePreview({ theme }: { theme: Theme }) {
  return (
    <ThemeContext.Provider value={{ theme, status: 'loaded' }}>
      <div className="theme-preview" style={themeToCssVariables(theme)} data-testid="theme-preview" inert aria-hidden="true">
        <PublicLayout>
          <HeroSlider />
          <HeaderBand />
          <AboutSection />
        </PublicLayout>
      </div>
    </ThemeContext.Provider>
  );
}
