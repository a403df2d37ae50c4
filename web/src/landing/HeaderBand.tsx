import { uploadSrcset } from '@shared/uploads-model.js';
import { useTheme } from '../theme/ThemeContext.js';

/**
 * The Theme tab's header image, header text and header subtext (issue 27 item 3): a band right
 * under the hero slider, the site's own welcome line whatever the slides say. The slides change
 * every 8 s; this stays. Nothing is drawn when all three are blank. The image lies behind a dark
 * veil so the white text reads on any photo; without one, the button colours. (Terse: every page's
 * first download carries it; a picture that fails to load shows nothing, as its alt is empty.)
 */
export function HeaderBand() {
  const theme = useTheme();
  const [image, text, sub] = [theme.headerImage, theme.headerText, theme.headerSubtext].map((value) => value.trim());
  if (!(image || text || sub)) return null;
  return (
    <section className={image ? 'header-band header-band--image' : 'header-band'} aria-label="Welcome">
      {image && <img className="header-band-image" src={image} srcSet={uploadSrcset(image)} sizes="100vw" alt="" loading="lazy" />}
      <div className="container header-band-text">
        {text && <h2>{text}</h2>}
        {sub && <p>{sub}</p>}
      </div>
    </section>
  );
}
