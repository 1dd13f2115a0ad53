import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { ExchangeView } from '../exchange-view.js'
import type { PageConfig } from '../page-config.js'
import { useApi } from '../use-api.js'
import type { ListMeta } from '../../schema/envelopes.js'
import { dataOf, type Project } from './api-types.js'
import { ListPanel } from './list-panel.js'
import type { ControlRecords } from './use-control-records.js'

/** Each card fetches what the list lacks: `is_readonly`, the content count. */
export function ProjectList(props: {
  config: PageConfig
  apiKey: string
  records: ControlRecords
  pollMs: number | undefined
}): VNode {
  const { config, apiKey, records } = props
  const sharedIds =
    records.keys?.find((key) => key.key === apiKey)?.sharedIds ?? []
  const list = useApi(`${config.apiBase}/projects`, {
    apiKey,
    pollMs: props.pollMs,
  })
  return html`<${ListPanel}
    id="projects-title"
    title="Projects"
    level=${1}
    exchange=${list}
    empty="This key sees no projects."
    gridClass="project-grid"
    renderItem=${(project: Project) =>
      html`<${ProjectCard}
        key=${project.project_unique}
        config=${config}
        apiKey=${apiKey}
        project=${project}
        shared=${sharedIds.includes(project.project_unique)}
      />`}
  />`
}

function ProjectCard(props: {
  config: PageConfig
  apiKey: string
  project: Project
  shared: boolean
}): VNode {
  const { config, apiKey, project } = props
  const path = `${config.apiBase}/projects/${encodeURIComponent(project.project_unique)}`
  const detail = useApi(path, { apiKey })
  const contents = useApi(`${path}/contents`, { apiKey })
  const readonly = dataOf<Project>(detail)?.is_readonly
  const count = (contents?.body as { meta?: ListMeta } | undefined)?.meta?.total
  const href = `#/projects/${encodeURIComponent(project.project_unique)}`
  return html`<li class="card project-card">
    <h2 class="card-title">
      <a href=${href}>${project.project_name}</a>
    </h2>
    <p class="badges">
      ${readonly === true && html`<span class="badge badge-warn">read-only</span>`}
      ${props.shared && html`<span class="badge">shared with you</span>`}
      <span class="badge badge-muted"
        >${
          count === undefined
            ? contents === undefined
              ? '… contents'
              : `contents: ${contents.status}`
            : `${count} content${count === 1 ? '' : 's'}`
        }</span
      >
    </p>
    <p class="project-description">${project.description}</p>
    <p class="muted small"><code>${project.project_unique}</code></p>
    <details class="panel-requests">
      <summary>Requests for this card</summary>
      <${ExchangeView} exchange=${detail} open=${false} />
      <${ExchangeView} exchange=${contents} open=${false} />
    </details>
  </li>`
}
