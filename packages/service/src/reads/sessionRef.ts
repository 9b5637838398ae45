// Where a call's reads are tracked, as a door names it: its own file, so the service's context
// and read tracking both take it without importing each other.

/**
 * Where a call's reads are tracked: the transport's session and the handle the client passed
 * (`session_id`, `Lens-Session`). A call with neither (a stateless MCP request) has its read
 * answered with a handle the server issues.
 */
export interface SessionRef {
  /** The transport session: an MCP session, the stdio process, one REST request. */
  transport?: string | undefined;
  /**
   * The transport session stands as a handle of its own, kept with the handles (an MCP
   * session: its reads outlive the process). Otherwise it lives in memory only.
   */
  durable?: boolean;
  handle?: string | undefined;
}
