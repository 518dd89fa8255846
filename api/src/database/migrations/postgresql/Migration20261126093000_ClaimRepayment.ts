import { Migration } from '@mikro-orm/migrations';

// Issue 11: staff record the amount repaid and the fee when a claim is paid (pounds, like the estimate).
export class Migration20261126093000_ClaimRepayment extends Migration {
  override up(): void {
    this.addSql(
      `alter table "claim" add column "amount_repaid" double precision null, add column "fee" double precision null;`,
    );
  }

  override down(): void {
    this.addSql(`alter table "claim" drop column "amount_repaid", drop column "fee";`);
  }
}
