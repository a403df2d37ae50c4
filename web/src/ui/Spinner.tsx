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
