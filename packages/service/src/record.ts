// Audit-first: an entry written before a change, the change refused when it cannot be.
import { type LensError, lensError } from "@lens/core";
import type { ServiceContext } from "./context.js";
import type { AuditRecord } from "./ports.js";

/**
 * Writes `record` before a change; a failure refuses the change (`not_audited`): an action the
 * audit trail cannot hold is not taken.
 */
export async function recordOrRefuse(
  ctx: ServiceContext,
  record: AuditRecord,
): Promise<{ ok: false; error: LensError } | undefined> {
  if (!ctx.audit) return undefined;
  try {
    await ctx.audit.record(record);
    return undefined;
  } catch (e) {
    ctx.log.error(
      { err: e, action: record.action, who: record.who },
      "could not write the audit log",
    );
    return {
      ok: false,
      error: lensError(
        "not_audited",
        `Nothing changed: the audit log could not record this ${record.action} (${e instanceof Error ? e.message : String(e)}). Tell the server's operator; retry once the audit log can be written.`,
      ),
    };
  }
}
