import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useEffect, useRef } from 'preact/hooks'
import { ExchangeView } from '../exchange-view.js'
import type { PageConfig } from '../page-config.js'
import { useApi } from '../use-api.js'
import { dataOf, type Content, type Project } from './api-types.js'
import { ContentCard } from './content-card.js'
import { EditLink } from './edit-link.js'
import { ListPanel } from './list-panel.js'

/** One project and its contents, those that appear later marked new. */
export function ProjectView(props: {
  config: PageConfig
  apiKey: string
  projectId: string
  pollMs: number | undefined
  onNames: (names: [string, string][]) => void
}): VNode {
  const { config, apiKey, projectId, onNames } = props
  const path = `${config.apiBase}/projects/${encodeURIComponent(projectId)}`
  const detail = useApi(path, { apiKey })
  const list = useApi(`${path}/contents`, { apiKey, pollMs: props.pollMs })
  const project = dataOf<Project>(detail)
  const contents = dataOf<Content[]>(list)
  useEffect(() => {
    if (project !== undefined) onNames([[projectId, project.project_name]])
  }, [project?.project_name])
  useEffect(() => {
    onNames((contents ?? []).map((item) => [item.variation_unique, item.title]))
  }, [list])

  // The contents of the first answer are not new; any that appear later are.
  // The explorer keys this view by its project: only the API key can change.
  const known = useRef<{ apiKey: string; ids: Set<string> }>()
  if (contents !== undefined && known.current?.apiKey !== apiKey) {
    known.current = {
      apiKey,
      ids: new Set(contents.map((content) => content.variation_unique)),
    }
  }

  return html`<section class="panel" aria-labelledby="project-title">
      <div class="view-head">
        <h1 id="project-title">${project?.project_name ?? projectId}</h1>
        <${EditLink} config=${config} kind="projects" id=${projectId} />
      </div>
      ${
        project !== undefined &&
        html`<p class="badges">
            ${
              project.is_readonly === true &&
              html`<span class="badge badge-warn">read-only</span>`
            }
            <span class="muted small"
              ><code>${project.project_unique}</code></span
            >
          </p>
          <p>${project.description}</p>`
      }
      <${ExchangeView} exchange=${detail} />
    </section>
    <${ListPanel}
      id="contents-title"
      title="Contents"
      level=${2}
      exchange=${list}
      empty="This project has no contents."
      gridClass="content-grid"
      renderItem=${(item: Content) =>
        html`<${ContentCard}
          key=${item.variation_unique}
          config=${config}
          apiKey=${apiKey}
          projectId=${projectId}
          item=${item}
          pollMs=${props.pollMs}
          isNew=${known.current?.ids.has(item.variation_unique) === false}
        />`}
    >
      <p class="muted small">
        Thumbnails and publish results come from each content's detail, asked
        for as its card scrolls into view: the list items carry neither.
      </p>
    <//>`
}
