/** The Sàn Dịch Vụ mark (same drawing as public/logo.svg), decorative next to the written name. */
export function BrandMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true">
      <rect width="48" height="48" rx="12" fill="#0f766e" />
      <path d="M13 22 24 13l11 9v13H13Z" fill="#fff" />
      <path d="M20 35v-8h8v8" fill="#f59e0b" />
      <circle cx="34" cy="14" r="5" fill="#f59e0b" />
    </svg>
  );
}
