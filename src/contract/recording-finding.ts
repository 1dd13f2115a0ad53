/**
 * The kinds of what a recording found off the spec:
 * - `unknown-field`: a member the spec does not list (kept in `extra`).
 * - `null-field`: a spec field sent as `null` (kept in `extra`).
 * - `absent-field`: a spec field left out (kept in `absent`).
 * - `unexpected-type`: a spec field of another type or form (kept in `extra`).
 * - `other-mode`: a content mode whose `content` shape the spec does not show.
 * - `other-status`: a publish status other than `success`.
 * - `differs-between-views`: a field whose value differs between a list and a
 *   detail answer (the detail's is kept).
 * - `envelope-field`: a member of the envelope or `meta` beside the spec's
 *   (not kept: the mock writes its own envelope).
 * - `not-recorded`: an item that could not be kept (no valid ID, not an
 *   object), or a content whose detail was not recorded (its list fields are
 *   kept, its body and publish results are placeholders).
 * @example
 * findings.filter((finding) => RECORDING_FINDING_KINDS.includes(finding.kind))
 */
export const RECORDING_FINDING_KINDS = [
  'unknown-field',
  'null-field',
  'absent-field',
  'unexpected-type',
  'other-mode',
  'other-status',
  'differs-between-views',
  'envelope-field',
  'not-recorded',
] as const

/**
 * A kind of recording finding (see `RECORDING_FINDING_KINDS`).
 */
export type RecordingFindingKind = (typeof RECORDING_FINDING_KINDS)[number]

/**
 * One thing a recording found off the spec, where it found it, and how the
 * fixture document keeps it.
 * @example
 * const finding: RecordingFinding = {
 *   kind: 'null-field', where: 'project p1', field: 'description', value: null,
 *   message: 'project p1: "description" is null (kept in "extra")',
 * }
 */
export interface RecordingFinding {
  kind: RecordingFindingKind
  /** The object: `project p1`, `content v1`, `content v1 publish[0]`, `GET /projects`… */
  where: string
  /** The field's name, where the finding is about one. */
  field?: string
  /** The value found (the mode, the status, the field's value). */
  value?: unknown
  /** The finding in one line. */
  message: string
}
