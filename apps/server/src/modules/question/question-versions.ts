import { and, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { inOrg } from '../../platform/tenant-sql';
import { questionVersions } from './question.table';

export interface VersionRef {
  questionId: number;
  questionVersion: number;
}

// The stored snapshots of the given question versions, 200 pairs a statement. The exam page's
// paper view, the marking engine (each keeps its own parsed cache) and a paper's content read versions this way.
export async function readVersionSnapshots(db: DbOrTx, orgId: number, wanted: VersionRef[]) {
  const out: { questionId: number; version: number; snapshot: unknown }[] = [];
  for (let i = 0; i < wanted.length; i += 200) {
    const chunk = wanted.slice(i, i + 200);
    out.push(
      ...(await db
        .select({
          questionId: questionVersions.questionId,
          version: questionVersions.version,
          snapshot: questionVersions.snapshot,
        })
        .from(questionVersions)
        .where(
          inOrg(questionVersions, orgId, [
            or(
              ...chunk.map((w) =>
                and(eq(questionVersions.questionId, w.questionId), eq(questionVersions.version, w.questionVersion)),
              ),
            ),
          ]),
        )),
    );
  }
  return out;
}
