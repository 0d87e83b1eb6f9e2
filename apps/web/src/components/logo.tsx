/**
 * The Dostava mark: a "D" drawn as a delivery route ending at a drop-off point. Decorative: it always
 * sits beside the brand name, which gives the link its accessible name.
 */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="#1565c0" />
      <path
        d="M11 12h10a9 9 0 0 1 0 18H11z"
        fill="none"
        stroke="#fff"
        strokeWidth="3.5"
        strokeLinejoin="round"
      />
      <circle cx="11" cy="21" r="2.2" fill="#fff" />
      <circle cx="29" cy="12" r="3" fill="#ffb300" />
    </svg>
  );
}
