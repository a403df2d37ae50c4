import { useCallback, useEffect, useMemo, useRef, useState, type TouchEvent } from 'react';
import { Link } from 'react-router';
import { SLIDER_AUTO_ADVANCE_MS } from '@shared/constants.js';
import { useTheme } from '../theme/ThemeContext.js';
import { uploadSrcset } from '@shared/uploads-model.js';
import { FALLBACK_IMAGE } from '../ui/content.js';
import { afterFirstScreen } from '../ui/firstScreen.js';
import { resolveSlides, swipeDirection, wrapIndex, type Point, type Slide } from './slides.js';

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function SlideButton({ slide, tabbable }: { slide: Slide; tabbable: boolean }) {
  const className = 'btn btn-primary hero-button';
  const tabIndex = tabbable ? undefined : -1;
  if (slide.buttonLink.startsWith('/') && !slide.buttonLink.startsWith('//')) {
    return (
      <Link className={className} to={slide.buttonLink} tabIndex={tabIndex}>
        {slide.buttonText}
      </Link>
    );
  }
  const external = /^https?:\/\//i.test(slide.buttonLink);
  return (
    <a
      className={className}
      href={slide.buttonLink}
      tabIndex={tabIndex}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {slide.buttonText}
    </a>
  );
}

export function HeroSlider() {
  const theme = useTheme();
  const slides = useMemo(() => resolveSlides(theme), [theme]);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [failed, setFailed] = useState<Record<string, boolean>>({});
  // The other slides' pictures are asked for once the first has painted: until then they would
  // share a phone's slow connection with it (they are on screen, stacked under it, so `lazy` alone
  // does not hold them back).
  const [othersWanted, setOthersWanted] = useState(false);
  useEffect(() => afterFirstScreen(() => setOthersWanted(true)), []);
  const touchStart = useRef<Point | null>(null);
  const count = slides.length;
  const current = wrapIndex(index, count);

  const go = useCallback((delta: number) => setIndex((i) => wrapIndex(i + delta, count)), [count]);

  // Auto-advance; the timer restarts after every change, so a manual move gets a full interval.
  useEffect(() => {
    if (count < 2 || paused || hovered) return;
    const timer = window.setTimeout(() => go(1), SLIDER_AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [current, count, paused, hovered, go]);

  // Left/right arrow keys move the slider unless the visitor is typing in a field.
  useEffect(() => {
    if (count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
      if (event.key === 'ArrowLeft') go(-1);
      else if (event.key === 'ArrowRight') go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, go]);

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const direction = swipeDirection(start, { x: touch.clientX, y: touch.clientY });
    if (direction) go(direction === 'next' ? 1 : -1);
  };

  if (count === 0) return null;

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Featured"
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(false)}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="hero-track" aria-live={paused ? 'polite' : 'off'}>
        {slides.map((slide, i) => {
          const active = i === current;
          return (
            <div
              key={slide.id}
              className={`hero-slide${active ? ' is-active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={!active}
              data-slide-id={slide.id}
            >
              <img
                className="hero-image"
                src={i > 0 && !othersWanted ? undefined : failed[slide.id] ? FALLBACK_IMAGE : slide.image}
                // An uploaded photo comes in several widths: a phone downloads the one that fits.
                srcSet={(i > 0 && !othersWanted) || failed[slide.id] ? undefined : uploadSrcset(slide.image)}
                sizes="100vw"
                alt=""
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                onError={() => setFailed((prev) => (prev[slide.id] ? prev : { ...prev, [slide.id]: true }))}
              />
              <div className="hero-shade" aria-hidden="true" />
              <div className="hero-content container">
                {slide.subtitle ? <p className="hero-subtitle">{slide.subtitle}</p> : null}
                <h2 className="hero-title">{slide.title}</h2>
                {slide.description ? <p className="hero-description">{slide.description}</p> : null}
                <SlideButton slide={slide} tabbable={active} />
              </div>
            </div>
          );
        })}
      </div>

      {count > 1 ? (
        <>
          <button type="button" className="hero-arrow hero-arrow--prev" aria-label="Previous slide" onClick={() => go(-1)}>
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button type="button" className="hero-arrow hero-arrow--next" aria-label="Next slide" onClick={() => go(1)}>
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <div className="hero-controls">
            <button
              type="button"
              className="hero-pause"
              aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
              onClick={() => setPaused((p) => !p)}
            >
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                {paused ? <path d="M8 5v14l11-7z" fill="currentColor" /> : <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />}
              </svg>
            </button>
            <div className="hero-dots">
              {slides.map((slide, i) => (
                <button
                  key={slide.id}
                  type="button"
                  className={`hero-dot${i === current ? ' is-active' : ''}`}
                  aria-label={`Go to slide ${i + 1}`}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                />
              ))}
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}
