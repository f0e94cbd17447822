import type { Db, Sql } from './connect.ts';

/** A statement of a group, run on the pool alone or on a batch's transaction. */
export type GroupedStatement<T> = (db: Db) => Promise<T>;

interface Member {
  statement: GroupedStatement<unknown>;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

/** Statements of one batch at most: a transaction holds one connection while it runs them. */
const MAX_BATCH = 32;

/**
 * Group commit for one-statement writes. Each statement is its own transaction, and a durable
 * commit waits for a WAL flush (a few ms here): under load most of a creation's time and much of
 * Postgres's work per creation go to commits. So the statements of one group (an organization)
 * that arrive while an earlier one of the group is being committed wait for it, and then go
 * together in one transaction: one commit, one flush for all of them. Nothing waits when the
 * group is idle: a lone statement runs at once, alone, as before.
 *
 * Each caller gets what its own statement would have given alone: results are handed out only
 * after the batch's commit, and when any statement of a batch fails (the transaction then rolls
 * back and nothing of it is written), every statement of the batch runs again alone and answers
 * for itself. So a statement must write nothing its caller has not seen committed, and be safe to
 * run again after a rollback (an idempotent claim-and-write is).
 *
 * One batch per group at a time (per process): the organization's creations then wait for each
 * other only as long as one commit takes. A batch's transaction is marked (the setting
 * loadplan.commit_group): the Project cap's check takes its exact, exclusive path there
 * (migration 011), as its usual path counts each other transaction as one creation.
 */
export class CommitGroups {
  /** Groups with a batch running, and who waits for the next one. */
  private readonly waiting = new Map<string, Member[]>();

  constructor(private readonly sql: Sql) {}

  run<T>(group: string, statement: GroupedStatement<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const member: Member = { statement, resolve: resolve as (value: unknown) => void, reject };
      const queue = this.waiting.get(group);
      if (queue) {
        queue.push(member);
        return;
      }
      this.waiting.set(group, []);
      void this.runFrom(group, [member]);
    });
  }

  /** Runs `batch`, then the next batch of the group's waiting statements, until none wait. */
  private async runFrom(group: string, batch: Member[]): Promise<void> {
    for (;;) {
      await (batch.length === 1 ? this.alone(batch[0]) : this.together(batch));
      const queue = this.waiting.get(group)!;
      if (queue.length === 0) {
        this.waiting.delete(group);
        return;
      }
      batch = queue.splice(0, MAX_BATCH);
    }
  }

  private async alone(member: Member): Promise<void> {
    try {
      member.resolve(await member.statement(this.sql));
    } catch (err) {
      member.reject(err);
    }
  }

  private async together(batch: Member[]): Promise<void> {
    let results: unknown[];
    try {
      results = await this.sql.begin((tx) => {
        // marked, for checks that count one creation per transaction (migration 011); sent
        // first: a query goes out when it is awaited, and the statements below await theirs at once
        const marked = tx`select set_config('loadplan.commit_group', 'yes', true)`.execute();
        return Promise.all([marked, ...batch.map((m) => m.statement(tx))]);
      });
    } catch {
      // rolled back: nothing of the batch was written; each statement answers for itself
      await Promise.all(batch.map((m) => this.alone(m)));
      return;
    }
    batch.forEach((m, k) => m.resolve(results[k + 1]));
  }
}
