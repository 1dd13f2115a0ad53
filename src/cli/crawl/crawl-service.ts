/**
 * What a crawl does at each request of the service's tree (`path` is the
 * request's path below the base URL). The list steps resolve with the IDs
 * to walk into, in the order to walk them.
 */
export interface CrawlVisitor {
  /** `GET /projects`. The first request: it may throw to stop the crawl. */
  listProjects(path: string): Promise<readonly string[]>
  getProject(projectId: string, path: string): Promise<void>
  listContents(projectId: string, path: string): Promise<readonly string[]>
  getContent(projectId: string, contentId: string, path: string): Promise<void>
  projectDone?(projectId: string, contents: number): void
}

interface CrawlOptions {
  /**
   * Start the requests of a level at once and let the client pace them
   * (`record`), or walk one request at a time, depth first (`verify`).
   */
  concurrent: boolean
  /** Default: all. */
  maxProjects?: number
  maxContents?: number
}

const PROJECTS = '/projects'

/**
 * Walks the service's tree, the one walk `record` and `verify` share: the
 * project list, then for each project its detail and its content list,
 * then each content's detail. IDs go into paths URL-encoded.
 */
export async function crawlService(
  visitor: CrawlVisitor,
  options: CrawlOptions,
): Promise<{ projectIds: string[]; contents: number }> {
  const each = async <T>(
    items: readonly T[],
    visit: (item: T) => Promise<void>,
  ): Promise<void> => {
    if (options.concurrent) await Promise.all(items.map(visit))
    else for (const item of items) await visit(item)
  }
  const listed = await visitor.listProjects(PROJECTS)
  const projectIds = listed.slice(0, options.maxProjects)
  let contents = 0
  await each(projectIds, async (projectId) => {
    const project = `${PROJECTS}/${encodeURIComponent(projectId)}`
    let contentIds: readonly string[] = []
    await each(
      [
        () => visitor.getProject(projectId, project),
        async () => {
          const found = await visitor.listContents(
            projectId,
            `${project}/contents`,
          )
          contentIds = found.slice(0, options.maxContents)
        },
      ],
      (step) => step(),
    )
    await each(contentIds, (contentId) =>
      visitor.getContent(
        projectId,
        contentId,
        `${project}/contents/${encodeURIComponent(contentId)}`,
      ),
    )
    contents += contentIds.length
    visitor.projectDone?.(projectId, contentIds.length)
  })
  return { projectIds, contents }
}
