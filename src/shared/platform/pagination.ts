/**
 * Page numbers shown around the current page (0-based pages): `size` numbers, shifted to stay
 * inside 0..totalPages-1. Pure, so views stay free of rules.
 */
export function pageWindow(current: number, totalPages: number, size: number): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(size, totalPages);
  let start = Math.max(0, current - Math.floor((count - 1) / 2));
  start = Math.min(start, totalPages - count);
  return Array.from({ length: count }, (_, i) => start + i);
}
