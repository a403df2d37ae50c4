import type { MouseEvent } from 'react';
import type { Theme } from '@shared/theme-model.js';
import { AboutSection } from '../../landing/AboutSection.js';
import { HeroSlider } from '../../landing/HeroSlider.js';
import { Footer } from '../../layout/Footer.js';
import { Navbar } from '../../layout/Navbar.js';
import { ThemeContext } from '../ThemeContext.js';
import { themeToCssVariables } from '../themeVars.js';

/** Links in the preview stay put: following one would leave the unsaved form. */
function keepLinks(event: MouseEvent) {
  if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
}

/**
 * The public landing page's navbar, hero slider, about section and footer, rendered by the
 * landing's own components with the unsaved theme: its colours as CSS custom properties on
 * this container (they override :root's inside it only), its texts and images through the
 * theme context. The custom CSS is left out: it would restyle the dashboard too.
 */
export function ThemePreview({ theme }: { theme: Theme }) {
  return (
    <ThemeContext.Provider value={{ theme, status: 'loaded' }}>
      <div className="theme-preview" style={themeToCssVariables(theme)} onClickCapture={keepLinks} data-testid="theme-preview">
        <Navbar />
        <HeroSlider />
        <AboutSection />
        <Footer />
      </div>
    </ThemeContext.Provider>
  );
}
