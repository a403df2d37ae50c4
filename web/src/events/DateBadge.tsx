import { dateBadge } from './format.js';

export function DateBadge({ iso, className = '' }: { iso: string; className?: string }) {
  const badge = dateBadge(iso);
  if (!badge) return null;
  return (
    <div className={`date-badge ${className}`.trim()} aria-hidden="true">
      <span className="date-badge-month">{badge.month}</span>
      <span className="date-badge-day">{badge.day}</span>
    </div>
  );
}
