/**
 * What a screen or a part of one shows while its data loads: a spinner, with the label for screen readers.
 * `screen` names the admin screen it stands in for (`data-screen`, as the loaded screen has it); `compact`
 * is for a part of a page rather than a whole one.
 */
export function Spinner({ label, screen, compact = false }: { label: string; screen?: string; compact?: boolean }) {
  return (
    <div data-screen={screen} className={`text-center ${compact ? 'py-4' : 'py-5'}`} role="status">
      <span className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
