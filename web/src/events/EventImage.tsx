import { useState } from 'react';
import { FALLBACK_IMAGE } from '../ui/content.js';

interface EventImageProps {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
}

/** An event's picture, or the stock landscape when it has none or it fails to load. */
export function EventImage({ src, alt, className, eager = false }: EventImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && failedSrc !== src ? src : FALLBACK_IMAGE;
  return (
    <img
      className={className}
      src={usable}
      alt={alt}
      width="1200"
      height="675"
      loading={eager ? 'eager' : 'lazy'}
      // The page's first picture: fetched first, and what the page waits for before the rest (afterFirstScreen).
      fetchPriority={eager ? 'high' : undefined}
      // A picture further down decodes off the main thread; the page's first picture paints with the page.
      decoding={eager ? 'auto' : 'async'}
      onError={() => {
        if (usable !== FALLBACK_IMAGE) setFailedSrc(src);
      }}
    />
  );
}
