/**
 * Whether a path is a prefix's own or below it, segment-wise: `/projects/p1`
 * covers `/projects/p1/contents`, not `/projects/p10`.
 */
export function isUnderPath(path: string, prefix: string): boolean {
  if (prefix.endsWith('/')) return path.startsWith(prefix)
  return path === prefix || path.startsWith(`${prefix}/`)
}
