import { html } from 'htm/preact'
import type { ComponentChildren, VNode } from 'preact'
import { useEffect, useRef } from 'preact/hooks'
import type { PageConfig } from './page-config.js'

const SECTIONS = [
  { route: '/', href: '#/', label: 'Explorer' },
  { route: '/control', href: '#/control', label: 'Control panel' },
] as const

// After a move to another view, focus goes to its heading, as a page load
// would put a screen reader at its top.
export function Shell(props: {
  config: PageConfig
  route: string
  children: ComponentChildren
}): VNode {
  const { config, route } = props
  const section = route.startsWith('/control') ? '/control' : '/'
  const main = useRef<HTMLElement>(null)
  const shown = useRef(route)
  useEffect(() => {
    if (shown.current === route) return
    shown.current = route
    focusHeading(main.current)
  }, [route])
  // @note The hash names the route, so following `#main` would leave the
  // view: the link moves focus itself.
  const skip = (event: Event) => {
    event.preventDefault()
    focusHeading(main.current)
  }
  return html`<a class="skip-link" href="#main" onClick=${skip}
      >Skip to content</a
    >
    <header class="site-header">
      <div class="site-header-inner">
        <a class="brand" href="#/">content-api-mock</a>
        <p class="mode">
          <span class=${`mode-badge mode-${config.mode}`}
            >${config.mode === 'server' ? 'server' : 'in your browser'}</span
          >
          <span class="mode-label">API base URL</span>
          <code class="mode-url">${config.apiBase}</code>
        </p>
        <nav aria-label="Sections">
          <ul>
            ${SECTIONS.map(
              (item) =>
                html`<li>
                  <a
                    href=${item.href}
                    aria-current=${section === item.route ? 'page' : undefined}
                    >${item.label}</a
                  >
                </li>`,
            )}
            ${
              config.docsUrl !== null &&
              html`<li><a href=${config.docsUrl}>API reference</a></li>`
            }
          </ul>
        </nav>
      </div>
    </header>
    <main id="main" tabindex="-1" ref=${main}>${props.children}</main>`
}

// `data-view-focus` (the editor a link opened), else `h1`, else main.
function focusHeading(main: HTMLElement | null): void {
  if (main === null) return
  const heading =
    main.querySelector<HTMLElement>('[data-view-focus]') ??
    main.querySelector<HTMLElement>('h1') ??
    main
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus()
}
