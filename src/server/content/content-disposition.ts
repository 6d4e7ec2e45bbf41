/**
 * A Content-Disposition value (RFC 6266): `filename` in plain ASCII, which every client reads
 * (accents dropped, anything else outside letters, digits, dot, dash and underscore as `_`), and,
 * when the real name is not that, `filename*` with the name in UTF-8 (RFC 8187), which browsers prefer.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]/g, '_');
  const value = `${type}; filename="${ascii}"`;
  if (ascii === name) return value;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${value}; filename*=UTF-8''${encoded}`;
}
