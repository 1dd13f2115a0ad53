import type { RefObject } from 'preact'
import { useEffect, useState } from 'preact/hooks'

/** Whether an element is on screen now (or just before), and ever was. */
export function useSeen(ref: RefObject<Element>) {
  const [state, setState] = useState({ seen: false, visible: false })
  useEffect(() => {
    const element = ref.current
    if (element === null) return
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting)
        setState((before) => ({ seen: before.seen || visible, visible }))
      },
      { rootMargin: '200px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return state
}
