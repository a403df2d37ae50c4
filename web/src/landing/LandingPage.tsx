import { useCallback, useState } from 'react';
import { PROJECT_NAME } from '@shared/constants.js';
import { AfterFirstScreen } from '../ui/AfterFirstScreen.js';
import { EventsList } from '../events/EventsList.js';
import { PublicLayout } from '../layout/PublicLayout.js';
import { ScrollToHash } from '../layout/useScrollToHash.js';
import { SponsorsStrip } from '../sponsors/SponsorsStrip.js';
import { useDocumentTitle, useTheme, useThemeShown } from '../theme/ThemeContext.js';
import { AboutSection } from './AboutSection.js';
import { ContactSection } from './ContactSection.js';
import { HeaderBand } from './HeaderBand.js';
import { HeroSlider } from './HeroSlider.js';
import './landing.css';

export function LandingPage() {
  const theme = useTheme();
  const [eventsSettled, setEventsSettled] = useState(false);
  const onEventsSettled = useCallback(() => setEventsSettled(true), []);
  const shown = useThemeShown();
  useDocumentTitle();

  return (
    <PublicLayout>
      <h1 className="visually-hidden">{theme.siteName.trim() || PROJECT_NAME}</h1>
      <HeroSlider />
      <AfterFirstScreen>
        {/* To #events, #about or #contact once the page shows, and again once the events have their final height. */}
        <ScrollToHash ready={shown} />
        <ScrollToHash ready={eventsSettled && shown} />
        <HeaderBand />
        <SponsorsStrip />
        <AboutSection />
        <EventsList onSettled={onEventsSettled} />
        <ContactSection />
      </AfterFirstScreen>
    </PublicLayout>
  );
}
