import './ui.css';

/** A spinner with a visible, announced label. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner-status" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** 'Loading...' centred in a block of the given class (a page, a staff screen). */
export function LoadingBlock({ className }: { className: string }) {
  return (
    <div className={className}>
      <Spinner label="Loading..." />
    </div>
  );
}
