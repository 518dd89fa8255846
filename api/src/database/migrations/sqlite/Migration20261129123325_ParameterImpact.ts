import { Migration } from '@mikro-orm/migrations';

// Issue 29 item 3: an impact run of a parameter-set draft (a rate change) names the set; the
// definition replayed is then the version in force, with the draft's values against the published.
export class Migration20261129123325_ParameterImpact extends Migration {
  override up(): void {
    this.addSql(`alter table \`impact_run\` add column \`parameter_set_id\` text null;`);
  }

  override down(): void {
    this.addSql(`alter table \`impact_run\` drop column \`parameter_set_id\`;`);
  }
}
