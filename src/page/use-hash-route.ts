import { useEffect, useState } from 'preact/hooks'

/** The URL after `#`: hash routes need no rewrites on a static host. */
export function useHashRoute(): string {
  const [route, setRoute] = useState(readHashRoute)
  useEffect(() => {
    const update = () => setRoute(readHashRoute())
    window.addEventListener('hashchange', update)
    return () => window.removeEventListener('hashchange', update)
  }, [])
  return route
}

function readHashRoute(): string {
  const route = location.hash.replace(/^#/, '').replace(/\/+$/, '')
  return route.startsWith('/') ? route : `/${route}`
}
