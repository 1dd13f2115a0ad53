import { useEffect, useState } from 'preact/hooks'

/**
 * The page's route: the part of the URL after `#`, without a trailing
 * slash, `/` when empty. Hash routes need no rewrites on a static host.
 * @example
 * const route = useHashRoute() // '/', '/control', '/projects/p1'
 */
export function useHashRoute(): string {
  const [route, setRoute] = useState(readHashRoute)
  useEffect(() => {
    const update = () => setRoute(readHashRoute())
    window.addEventListener('hashchange', update)
    return () => window.removeEventListener('hashchange', update)
  }, [])
  return route
}

/**
 * The route of the current URL (see {@link useHashRoute}).
 * @example
 * readHashRoute() // '/' for http://127.0.0.1:4010/ and …/#/
 */
function readHashRoute(): string {
  const route = location.hash.replace(/^#/, '').replace(/\/+$/, '')
  return route.startsWith('/') ? route : `/${route}`
}
