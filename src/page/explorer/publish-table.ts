import { html } from 'htm/preact'
import type { VNode } from 'preact'
import type { PublishResult } from './api-types.js'
import { publishStatusClass } from './publish-badges.js'
import { Timestamp } from './timestamp.js'

export function PublishTable(props: {
  publish: PublishResult[]
  now: () => number
}): VNode {
  return html`<table class="publish-table">
    <thead>
      <tr>
        <th scope="col">Platform</th>
        <th scope="col">Status</th>
        <th scope="col">When</th>
      </tr>
    </thead>
    <tbody>
      ${props.publish.map(
        (result) =>
          html`<tr>
            <td><${PlatformCell} result=${result} /></td>
            <td>
              <span class=${publishStatusClass(result.status)}
                >${result.status}</span
              >
            </td>
            <td>
              ${
                result.posted_at == null
                  ? html`<span class="muted">none</span>`
                  : html`<${Timestamp}
                      iso=${result.posted_at}
                      now=${props.now}
                    />`
              }
            </td>
          </tr>`,
      )}
    </tbody>
  </table>`
}

/** The platform, linked to its post; a failed result was never posted. */
function PlatformCell({ result }: { result: PublishResult }): VNode {
  const url = result.post_url
  const posted = url != null && result.status !== 'failed'
  const platform = posted
    ? html`<a href=${url} rel="noreferrer noopener" target="_blank"
        >${result.platform}</a
      >`
    : result.platform
  return html`${platform}<span class="post-url muted" title=${url ?? undefined}
      >${url == null ? 'no post_url' : posted ? linkText(url) : 'not posted'}</span
    >`
}

function linkText(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.host}${parsed.pathname}`
  } catch {
    return url
  }
}
