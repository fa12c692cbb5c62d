/** The association's mark: an arched canal bridge over water. Drawn inline so it costs no request. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#f5f1e8" />
      <path d="M6 30h36v3H6z" fill="#0f4c5c" />
      <path d="M11 30c0-8 6-13 13-13s13 5 13 13h-5c0-5-3.6-8.5-8-8.5S16 25 16 30z" fill="#0f4c5c" />
      <path d="M6 37c3 0 3-2 6-2s3 2 6 2 3-2 6-2 3 2 6 2 3-2 6-2 3 2 6 2v3c-3 0-3-2-6-2s-3 2-6 2-3-2-6-2-3 2-6 2-3-2-6-2-3 2-6 2z" fill="#3a86a8" />
    </svg>
  );
}
