import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { ControlPanel } from './control/control-panel.js'
import { Explorer } from './explorer/explorer.js'
import { loadPageConfig, type PageConfig } from './page-config.js'
import { Shell } from './shell.js'
import { useHashRoute } from './use-hash-route.js'

export function App(): VNode {
  const route = useHashRoute()
  const [config, setConfig] = useState<PageConfig>()
  const [failure, setFailure] = useState<string>()
  useEffect(() => {
    loadPageConfig().then(setConfig, (error: Error) =>
      setFailure(error.message),
    )
  }, [])
  if (failure !== undefined) {
    return html`<main class="page-failure" role="alert">
      <h1>content-api-mock</h1>
      <p>${failure}</p>
    </main>`
  }
  if (config === undefined) return html`<p class="loading">Loading…</p>`
  return html`<${Shell} config=${config} route=${route}>
    ${
      route.startsWith('/control')
        ? html`<${ControlPanel} config=${config} route=${route} />`
        : html`<${Explorer} config=${config} route=${route} />`
    }
  <//>`
}
