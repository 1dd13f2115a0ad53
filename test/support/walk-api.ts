import { expect } from 'vitest'

/**
 * Every API answer of a server for one key, by path, in walk order: the
 * project list, then per project its detail, its contents and each
 * content's detail, as `record` walks them.
 * @example
 * const answers = await walkApi(server.apiUrl, 'demo-key-alpha')
 */
export async function walkApi(
  apiUrl: string,
  key: string,
): Promise<Map<string, Record<string, unknown>>> {
  const answers = new Map<string, Record<string, unknown>>()
  const get = async (path: string) => {
    const response = await fetch(`${apiUrl}${path}`, {
      headers: { authorization: `Bearer ${key}` },
    })
    expect(response.status, path).toBe(200)
    const body = (await response.json()) as Record<string, unknown>
    answers.set(path, body)
    return body
  }
  const projects = (await get('/projects')).data as Array<{
    project_unique: string
  }>
  for (const { project_unique: projectId } of projects) {
    await get(`/projects/${projectId}`)
    const contents = (await get(`/projects/${projectId}/contents`))
      .data as Array<{ variation_unique: string }>
    for (const { variation_unique: contentId } of contents) {
      await get(`/projects/${projectId}/contents/${contentId}`)
    }
  }
  return answers
}

/**
 * An answer with what differs by design masked: the asset URLs (issued per
 * request, on the server's own origin; other modes' bodies hold some too), and the members named in
 * `perRequest` (values a variant draws per request).
 * @example
 * expect(comparable(replayed)).toEqual(comparable(original))
 */
export function comparable(
  body: unknown,
  perRequest: readonly string[] = [],
): unknown {
  return JSON.parse(JSON.stringify(body), (key, value: unknown) =>
    typeof value === 'string' &&
    (key === 'download_url' ||
      key === 'thumbnail_url' ||
      value.includes('/__assets/'))
      ? 'issued'
      : perRequest.includes(key)
        ? 'masked'
        : value,
  )
}

/**
 * Expects the answers of a replay to be those of the original (their
 * `data`: the envelope is the mock's own): details byte for byte, lists with `perRequest` members masked (extra-fields draws
 * `x_extension` per request path, so a list item's differs from its
 * detail's, and the envelope's own members are the mock's), asset URLs
 * aside.
 * @example
 * expectSameAnswers(replayed, original)
 */
export function expectSameAnswers(
  replayed: ReadonlyMap<string, Record<string, unknown>>,
  original: ReadonlyMap<string, Record<string, unknown>>,
  perRequest: readonly string[] = [],
): void {
  expect([...replayed.keys()]).toEqual([...original.keys()])
  for (const [path, body] of original) {
    const served = replayed.get(path)!
    if ('meta' in body) {
      expect(comparable(served.data, perRequest), path).toEqual(
        comparable(body.data, perRequest),
      )
    } else {
      expect(JSON.stringify(comparable(served.data)), path).toBe(
        JSON.stringify(comparable(body.data)),
      )
    }
  }
}
