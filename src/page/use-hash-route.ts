import { useEffect, useState } from 'preact/hooks'

/**
 * The page's route: the part of the URL after `#`, without a trailing
 * slash, `/` when empty. Hash routes need no rewrites on a static host.
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
 */
function readHashRoute(): string {
  const route = location.hash.replace(/^#/, '').replace(/\/+$/, '')
  return route.startsWith('/') ? route : `/${route}`
}
