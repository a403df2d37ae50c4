import { useCallback, useState } from 'react';
import { PROJECT_NAME } from '@shared/constants.js';
import { EventsList } from '../events/EventsList.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { useScrollToHash } from '../layout/useScrollToHash.js';
import { SponsorsStrip } from '../sponsors/SponsorsStrip.js';
import { useDocumentTitle, useTheme, useThemeShown } from '../theme/ThemeContext.js';
import { AboutSection } from './AboutSection.js';
import { ContactSection } from './ContactSection.js';
import { HeroSlider } from './HeroSlider.js';
import './landing.css';

export function LandingPage() {
  const theme = useTheme();
  const [eventsSettled, setEventsSettled] = useState(false);
  const onEventsSettled = useCallback(() => setEventsSettled(true), []);
  const shown = useThemeShown();
  useDocumentTitle();
  // Scroll to #events/#about/#contact once the page shows, and again once the events have their final height.
  useScrollToHash(shown);
  useScrollToHash(eventsSettled && shown);

  return (
    <PublicLayout>
      <h1 className="visually-hidden">{theme.siteName.trim() || PROJECT_NAME}</h1>
      <HeroSlider />
      <SponsorsStrip />
      <AboutSection />
      <EventsList onSettled={onEventsSettled} />
      <ContactSection />
    </PublicLayout>
  );
}
