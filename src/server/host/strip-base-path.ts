/**
 * A request target without the path a reverse proxy mounts the server under,
 * for a proxy that passes that path on: `/mock/public-api/v1/projects` becomes
 * `/public-api/v1/projects` under `/mock`. A target outside the base path, as
 * a proxy that removes it sends, stays as it is.
 */
export function stripBasePath(target: string, basePath: string): string {
  if (basePath === '' || !target.startsWith(basePath)) return target
  const rest = target.slice(basePath.length)
  if (rest === '' || rest.startsWith('?')) return `/${rest}`
  return rest.startsWith('/') ? rest : target
}
