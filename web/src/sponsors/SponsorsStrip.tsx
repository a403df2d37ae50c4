import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import { Spinner } from '../ui/Spinner.js';
import { FALLBACK_SPONSORS, stripCopy, type SponsorLogo } from './strip.js';
import { useSlicedState } from '../ui/useSlicedState.js';
import './sponsors.css';

type State = { status: 'loading' } | { status: 'loaded'; sponsors: SponsorLogo[]; fallback: boolean };

export function SponsorsStrip() {
  const [state, setState] = useSlicedState<State>({ status: 'loading' });
  const [broken, setBroken] = useState<Record<string, boolean>>({});

  useEffect(() => {
    const controller = new AbortController();
    api
      .listSponsors(controller.signal)
      .then((sponsors) =>
        setState({
          status: 'loaded',
          sponsors: sponsors.filter((s) => s.logo).map(({ id, name, logo, website }) => ({ id, name, logo, website })),
          fallback: false,
        }),
      )
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'loaded', sponsors: FALLBACK_SPONSORS, fallback: true });
      });
    return () => controller.abort();
  }, [setState]);

  if (state.status === 'loaded' && state.sponsors.length === 0) return null;

  const markBroken = (id: string) => setBroken((prev) => (prev[id] ? prev : { ...prev, [id]: true }));

  const count = state.status === 'loaded' ? state.sponsors.length : 0;
  const renderCopy = (hidden: boolean) =>
    stripCopy(state.status === 'loaded' ? state.sponsors : []).map((sponsor, i) => {
      const repeat = hidden || i >= count;
      const logo = (
        <img
          className={`sponsor-logo${broken[sponsor.id] ? ' is-broken' : ''}`}
          src={sponsor.logo}
          alt={repeat || sponsor.website ? '' : sponsor.name}
          title={sponsor.name}
          width="150"
          height="80"
          loading="lazy"
          decoding="async"
          onError={() => markBroken(sponsor.id)}
        />
      );
      return (
        <li key={`${sponsor.id}-${i}`} className={`sponsor-item${i >= count ? ' is-repeat' : ''}`} aria-hidden={i >= count || undefined}>
          {sponsor.website ? (
            // The logo is the link to the sponsor's site (new tab); the link carries the name, the logo inside is
            // decoration. Repeats are hidden and out of the tab order, so a keyboard meets each sponsor once.
            <a className="sponsor-link" href={sponsor.website} target="_blank" rel="noopener noreferrer" aria-label={sponsor.name} tabIndex={repeat ? -1 : undefined}>
              {logo}
            </a>
          ) : (
            logo
          )}
        </li>
      );
    });

  return (
    <section className="sponsors" aria-labelledby="sponsors-title">
      <div className="container">
        <h2 id="sponsors-title" className="sponsors-title">
          Our Supporters
        </h2>
      </div>
      {state.status === 'loading' ? (
        <div className="sponsors-loading">
          <Spinner label="Loading supporters..." />
        </div>
      ) : (
        <div className="sponsors-viewport" data-fallback={state.fallback || undefined}>
          <div className="sponsors-track">
            <ul className="sponsors-list">{renderCopy(false)}</ul>
            <ul className="sponsors-list" aria-hidden="true">
              {renderCopy(true)}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}
