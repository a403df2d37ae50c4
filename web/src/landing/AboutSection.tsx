import { useMemo, useState } from 'react';
import { useTheme } from '../theme/ThemeContext.js';
import { Card } from '../ui/Card.js';
import { paragraphs } from '../ui/content.js';
import { resolveAboutSection } from './about.js';
import { FeatureIcon } from './FeatureIcon.js';
import { FALLBACK_IMAGE } from '../ui/content.js';
import { uploadSrcset } from '@shared/uploads-model.js';

export function AboutSection() {
  const theme = useTheme();
  const about = useMemo(() => resolveAboutSection(theme.aboutSection), [theme.aboutSection]);
  const [imageFailed, setImageFailed] = useState(false);
  const features = [about.feature1, about.feature2, about.feature3];

  return (
    <section id="about" className="section about" aria-labelledby="about-title">
      <div className="container">
        <div className="section-heading">
          <h2 id="about-title">{about.mainTitle}</h2>
          <p>{about.subtitle}</p>
        </div>
        <div className="about-grid">
          <div className="about-media">
            <img
              src={imageFailed ? FALLBACK_IMAGE : about.image}
              // The uploaded widths: half the page from 900px (the grid's two columns), else all of it.
              srcSet={imageFailed ? undefined : uploadSrcset(about.image)}
              sizes="(min-width: 900px) 50vw, 100vw"
              alt={about.imageAlt}
              width="800"
              height="600"
              loading="lazy"
              onError={() => setImageFailed(true)}
            />
          </div>
          <div className="about-text">
            <h3>{about.contentTitle}</h3>
            {paragraphs(about.description).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </div>
        <ul className="about-features">
          {features.map((feature, i) => (
            <Card as="li" key={i} className="about-feature">
              <span className="about-feature-icon" aria-hidden="true">
                <FeatureIcon icon={feature.icon} />
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.description}</p>
            </Card>
          ))}
        </ul>
      </div>
    </section>
  );
}
