import type { FixtureContent } from '../../schema/fixture.js'

/**
 * The contents of one project's stream alive at an instant, by ID, and the
 * span `[from, until)` (epoch milliseconds) in which that set stays the same.
 * The same set is the same map object.
 */
export interface LiveWindow {
  key: object
  items: ReadonlyMap<string, FixtureContent>
  from: number
  until: number
}

/**
 * The live stream of a generated dataset: in every project that holds
 * contents, a new content starts every few minutes, generates over a few
 * minutes and is published a little later, and leaves the list three hours
 * after it started (so a list neither empties nor grows); its detail stays
 * readable by ID. A pure function of the seed and the clock.
 */
export interface LiveStream {
  /** The stream's contents of a project alive at `now`; none for other projects. */
  windowAt(projectUnique: string, now: number): LiveWindow | undefined
  /** Every project's stream contents alive at `now`, oldest first per project. */
  allAt(now: number): FixtureContent[]
  /**
   * The stream's content of a project by its ID, once it has started by
   * `now`: listed, or computed again from its ID after it left the list.
   */
  contentById(
    projectUnique: string,
    variationUnique: string,
    now: number,
  ): FixtureContent | undefined
  /** The stream's content started by `now` with this ID, in any project. */
  contentOf(variationUnique: string, now: number): FixtureContent | undefined
  /** The stream's content started by `now` whose video is `movieUnique`, if any. */
  contentOfMovie(movieUnique: string, now: number): FixtureContent | undefined
}
