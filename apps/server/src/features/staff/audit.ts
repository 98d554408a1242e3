/**
 * The audit log: one append-only row per staff action (who, when, what, before and after, from
 * where), written in the same transaction as the change it describes, so a change is never without
 * its row. The table itself refuses UPDATE and DELETE (migration 0013's triggers).
 */
import type { StaffAuditEntry } from '@meridian/contract';
import type { StaffCaller } from '../../http/auth.js';
import type { Clock } from '../identity/index.js';
import { type AuditFilter, type Executor, insertAudit, selectAuditPage } from './staff.repository.js';

export class Audit {
  constructor(private readonly clock: Clock) {}

  record(
    executor: Executor,
    caller: StaffCaller,
    action: string,
    target: string,
    before: unknown,
    after: unknown,
    address: string,
  ): Promise<void> {
    return insertAudit(executor, {
      at: this.clock.now(),
      staffId: caller.staffId,
      actor: caller.actor,
      action,
      target,
      before,
      after,
      address,
    });
  }

  async page(
    db: Executor,
    filter: AuditFilter,
    page: number,
    size: number,
  ): Promise<{ list: StaffAuditEntry[]; total: number }> {
    const { rows, total } = await selectAuditPage(db, filter, size, (page - 1) * size);
    return {
      total,
      list: rows.map((r) => ({
        id: r.id,
        at: r.at,
        staff_id: r.staffId,
        actor: r.actor,
        action: r.action,
        target: r.target,
        before: r.before,
        after: r.after,
        address: r.address,
      })),
    };
  }
}

/** The actor a decision records: the member's email, or `automation:<operator>` for the token. */
export function actorOf(caller: StaffCaller, operator: string | undefined): StaffCaller {
  if (caller.kind === 'staff') return caller;
  return { ...caller, actor: `automation:${operator ?? 'token'}` };
}
