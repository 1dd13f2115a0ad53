import { html } from 'htm/preact'
import type { VNode } from 'preact'
import type { PageConfig } from '../page-config.js'

/**
 * The control panel's route that opens its record editor on one record:
 * `#/control/edit/<kind>/<id>`.
 */
function editRoute(kind: 'contents' | 'projects', id: string): string {
  return `#/control/edit/${kind}/${encodeURIComponent(id)}`
}

/**
 * "Edit": opens the control panel's editor on the record a view shows; only
 * where the control API can change records (not in a build-demo folder).
 */
export function EditLink(props: {
  config: PageConfig
  kind: 'contents' | 'projects'
  id: string
}): VNode | null {
  if (props.config.mode !== 'server') return null
  const noun = props.kind === 'contents' ? 'content' : 'project'
  return html`<a class="edit-link" href=${editRoute(props.kind, props.id)}
    >Edit<span class="visually-hidden"
      >${` this ${noun} in the control panel`}</span
    ></a
  >`
}
