/** The explorer's hash routes worth a look in a server's dataset. */
export interface ExplorerRoutes {
  /** `#/projects/<id>`: the first project with contents. */
  project: string
  /** `#/projects/<id>/contents/<id>`: its first content with publish results. */
  content: string
  projectId: string
  contentId: string
}

/**
 * Finds, through the API with the main key, a project and one of its
 * contents that has publish results (so its view has a publish table).
 * @example
 * const { project, content } = await findExplorerRoutes(server.apiUrl)
 * await page.goto(`${server.url}/${content}`)
 */
export async function findExplorerRoutes(
  apiUrl: string,
  apiKey = 'demo-key-alpha',
): Promise<ExplorerRoutes> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${apiUrl}${path}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    })
    return ((await response.json()) as { data: T }).data
  }
  const projects = await get<{ project_unique: string }[]>('/projects')
  for (const { project_unique: projectId } of projects) {
    const contents = await get<{ variation_unique: string }[]>(
      `/projects/${projectId}/contents`,
    )
    for (const { variation_unique: contentId } of contents) {
      const detail = await get<{ publish: unknown[] }>(
        `/projects/${projectId}/contents/${contentId}`,
      )
      if (detail.publish.length > 0) {
        return {
          project: `#/projects/${projectId}`,
          content: `#/projects/${projectId}/contents/${contentId}`,
          projectId,
          contentId,
        }
      }
    }
  }
  throw new Error(
    `No project that ${apiKey} sees has a content with publish results: the explorer tests need one (the generated dataset has several).`,
  )
}
